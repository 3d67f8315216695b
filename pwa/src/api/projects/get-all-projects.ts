import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { PROJECTS_PAGE_SIZE } from '@shared/domain';
import { allProjectsQueryKey } from '../../lib/project-query-keys';
import { fetchProjectsPage, type ProjectsPage } from './get-projects';

/** Pages and searches are dropped from memory this long after the view closed (never kept on the device). */
const ALL_PROJECTS_GC_MS = 5 * 60_000;

/**
 * All of the user's projects, newest first, a page at a time ('Load more' asks for the next); `search`
 * keeps those whose name contains it. Kept in memory only: never written to the device.
 */
export const allProjectsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: allProjectsQueryKey(search),
    queryFn: ({ pageParam, signal }) =>
      fetchProjectsPage({ limit: PROJECTS_PAGE_SIZE, before: pageParam, search, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProjectsPage) => last.nextCursor,
    staleTime: 0,
    gcTime: ALL_PROJECTS_GC_MS,
  });

/** While a new search loads, the last answer stays on screen (marked as placeholder), not a blank list. */
export function useAllProjects(search: string, enabled: boolean) {
  return useInfiniteQuery({ ...allProjectsQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
