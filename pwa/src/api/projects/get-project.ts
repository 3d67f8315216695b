import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { projectsQueryKey } from '../../lib/project-query-keys';

export const projectQueryKey = (id: string) => [...projectsQueryKey, id] as const;

/** One project with its image URLs and variants (refetched when its status finishes). */
export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectQueryKey(id),
    queryFn: ({ signal }) => apiJson(apiPath('project', { id }), projectSchema, { signal }),
  });

export function useProject(id: string | null) {
  return useQuery({ ...projectQueryOptions(id ?? ''), enabled: id !== null });
}
