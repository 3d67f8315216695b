import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectSchema, type Project } from '@shared/api';
import { STATUS_POLL_MS } from '@shared/domain';
import { apiJson } from '../../../lib/api-client';

/** Spec section 4: a demo project is done only when completed WITH a staged image, or when failed. */
export const isDemoFinished = (p: Project | undefined): boolean =>
  !!p && ((p.status === 'completed' && !!p.stagedImageUrl) || p.status === 'failed');

/** GET /api/projects/{id}, polled every 2 s until finished; a failed fetch stops the polling. */
export const demoProjectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/projects', id],
    queryFn: ({ signal }) => apiJson(`/api/projects/${encodeURIComponent(id)}`, projectSchema, { signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status === 'error' || isDemoFinished(query.state.data) ? false : STATUS_POLL_MS,
    // A visitor waiting in another tab still gets the result when they come back.
    refetchIntervalInBackground: true,
  });

export function useDemoProject(id: string | null) {
  return useQuery({ ...demoProjectQueryOptions(id ?? ''), enabled: id !== null });
}
