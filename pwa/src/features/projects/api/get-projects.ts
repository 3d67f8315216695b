import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectListSchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

export const projectsQueryKey = ['/api/projects'] as const;

/** The signed-in user's projects, newest first. */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: projectsQueryKey,
    queryFn: ({ signal }) => apiJson('/api/projects', projectListSchema, { signal }),
  });

export function useProjects(enabled: boolean) {
  return useQuery({ ...projectsQueryOptions(), enabled });
}
