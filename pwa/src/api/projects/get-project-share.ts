import { queryOptions, useQuery } from '@tanstack/react-query';
import { shareStateSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { projectQueryKey } from './get-project';

export const projectShareQueryKey = (id: string) => [...projectQueryKey(id), 'share'] as const;

/** The owner's share link of a project, or `{ link: null }` when it is not shared. */
export const projectShareQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectShareQueryKey(id),
    queryFn: ({ signal }) => apiJson(apiPath('projectShare', { id }), shareStateSchema, { signal }),
  });

export function useProjectShare(id: string, enabled = true) {
  return useQuery({ ...projectShareQueryOptions(id), enabled });
}
