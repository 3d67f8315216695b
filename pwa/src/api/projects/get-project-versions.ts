import { queryOptions, useQuery } from '@tanstack/react-query';
import { versionListSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { versionsQueryKey } from '../../lib/project-query-keys';

/** How often the list is asked again while an edit is being made. */
const EDITING_POLL_MS = 1000;

/** A project's versions (kept on the device: the brush paints on the current one offline). */
export const projectVersionsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: versionsQueryKey(projectId),
    queryFn: ({ signal }) =>
      apiJson(apiPath('projectVersions', { id: projectId }), versionListSchema, { signal }),
    refetchInterval: (q) => (q.state.data?.editing ? EDITING_POLL_MS : false),
  });

/** The project's versions, asked again every second while an edit is under way. */
export function useProjectVersions(projectId: string, enabled: boolean) {
  return useQuery({ ...projectVersionsQueryOptions(projectId), enabled });
}
