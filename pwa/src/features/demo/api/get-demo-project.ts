import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@shared/api';
import { STATUS_POLL_MS } from '@shared/domain';
import { projectQueryOptions } from '../../../api/projects';

/** A demo project is done only when completed WITH a staged image, or when failed. */
export const isDemoFinished = (p: Project | undefined): boolean =>
  !!p && ((p.status === 'completed' && !!p.stagedImageUrl) || p.status === 'failed');

/** The project's own query, polled every 2 s until finished; a failed fetch stops the polling. */
export const demoProjectQueryOptions = (id: string) =>
  queryOptions({
    ...projectQueryOptions(id),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status === 'error' || isDemoFinished(query.state.data) ? false : STATUS_POLL_MS,
    // A visitor waiting in another tab still gets the result when they come back.
    refetchIntervalInBackground: true,
  });

export function useDemoProject(id: string | null) {
  return useQuery({ ...demoProjectQueryOptions(id ?? ''), enabled: id !== null });
}
