import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectStatusResponseSchema, type ProjectStatusResponse } from '@shared/api';
import { isFinished } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { statusPollMs } from '../../lib/live-stream';
import { projectQueryKey } from './get-project';
import { followProjectStatus } from './get-projects';

export const projectStatusQueryKey = (id: string) => [...projectQueryKey(id), 'status'] as const;

export function getProjectStatus(id: string, signal?: AbortSignal): Promise<ProjectStatusResponse> {
  return apiJson(apiPath('projectStatus', { id }), projectStatusResponseSchema, { signal });
}

/**
 * Polled every 2 s while pending or processing (slowly while the event stream is open), then left alone;
 * the list entry follows each answer.
 */
export const projectStatusQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectStatusQueryKey(id),
    queryFn: async ({ signal, client }) => {
      const status = await getProjectStatus(id, signal);
      followProjectStatus(client, id, status);
      return status;
    },
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isFinished(status) ? false : statusPollMs();
    },
  });

export function useProjectStatus(id: string | null, enabled = true) {
  return useQuery({ ...projectStatusQueryOptions(id ?? ''), enabled: enabled && id !== null });
}
