import {
  queryOptions,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { NEXT_CURSOR_HEADER, projectListSchema, type Project, type ProjectStatusResponse } from '@shared/api';
import { RECENT_PROJECTS, isFinished } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { ApiError, apiRequest } from '../../lib/api-client';
import { statusPollMs } from '../../lib/live-stream';
import {
  allProjectsListsQueryKey,
  projectListsQueryKey,
  recentProjectsQueryKey,
} from '../../lib/project-query-keys';
import { subscribeUploadEvents } from '../../offline/uploads';

/** One page of `GET /api/projects`, and where the next one starts (null on the last). */
export interface ProjectsPage {
  projects: Project[];
  nextCursor: string | null;
}

export async function fetchProjectsPage({
  limit,
  before,
  search,
  signal,
}: {
  limit: number;
  before?: string | null;
  search?: string;
  signal?: AbortSignal;
}): Promise<ProjectsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before) params.set('before', before);
  if (search) params.set('q', search);
  const res = await apiRequest(`${apiPath('projects')}?${params.toString()}`, { signal });
  return {
    projects: projectListSchema.parse(await res.json()),
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
  };
}

/**
 * Every 2 s (slowly while the event stream is open) while a project Recent Projects shows is pending or
 * processing; never offline (a poll could only
 * fail), nor after the server refused the list (signed out: asking again cannot help). A network failure or
 * a server error keeps polling: the list comes back with the server.
 */
export function projectsPollInterval(
  projects: readonly Project[] | undefined,
  lastError: unknown = null,
  online: boolean = navigator.onLine,
): number | false {
  if (!online || (lastError instanceof ApiError && lastError.status < 500)) return false;
  const shown = (projects ?? []).slice(0, RECENT_PROJECTS);
  return shown.some((p) => !isFinished(p.status)) ? statusPollMs() : false;
}

/**
 * The signed-in user's latest projects (the first page, as many as Recent Projects shows). The persisted
 * copy paints at once, but it is only a placeholder: the server's list replaces it on start, on focus and
 * on reconnect.
 */
export const recentProjectsQueryOptions = () =>
  queryOptions({
    queryKey: recentProjectsQueryKey,
    queryFn: async ({ signal }) => (await fetchProjectsPage({ limit: RECENT_PROJECTS, signal })).projects,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchInterval: (query) => projectsPollInterval(query.state.data, query.state.error),
  });

/** The list with the project's entry brought up to `status`; undefined when nothing changes. */
function withStatus(list: Project[] | undefined, id: string, status: ProjectStatusResponse) {
  const entry = list?.find((p) => p.id === id);
  if (!list || !entry) return undefined;
  const next: Project = {
    ...entry,
    status: status.status,
    progress: status.progress,
    error: status.error,
    stagedImageUrl: status.stagedImageUrl ?? entry.stagedImageUrl,
  };
  const same =
    next.status === entry.status &&
    next.progress === entry.progress &&
    next.error === entry.error &&
    next.stagedImageUrl === entry.stagedImageUrl;
  return same ? undefined : list.map((p) => (p === entry ? next : p));
}

/** A project's status, read by its own poll, is its list entries' status at once (not at the next list poll). */
export function followProjectStatus(client: QueryClient, id: string, status: ProjectStatusResponse): void {
  client.setQueryData<Project[]>(recentProjectsQueryKey, (list) => withStatus(list, id, status));
  client.setQueriesData<InfiniteData<ProjectsPage>>({ queryKey: allProjectsListsQueryKey }, (data) => {
    if (!data) return undefined;
    const pages = data.pages.map((page) => {
      const projects = withStatus(page.projects, id, status);
      return projects ? { ...page, projects } : page;
    });
    return pages.every((page, i) => page === data.pages[i]) ? undefined : { ...data, pages };
  });
}

/**
 * A deleted project leaves the All projects pages at once, before they are asked for again (page by page,
 * which takes a moment). Recent Projects waits for its one request: the workspace it sits in may still
 * show the project until it hears of the deletion.
 */
export function dropFromAllProjects(client: QueryClient, id: string): void {
  client.setQueriesData<InfiniteData<ProjectsPage>>({ queryKey: allProjectsListsQueryKey }, (data) =>
    data?.pages.some((page) => page.projects.some((p) => p.id === id))
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, projects: page.projects.filter((p) => p.id !== id) })),
        }
      : undefined,
  );
}

/** After a project was made or deleted: every list asks again (the ones on screen at once). */
export const refreshProjectLists = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: projectListsQueryKey });

export function useRecentProjects(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // A page opened offline never told the query library so, which then sees no reconnect: we do (sharing
    // the library's own refetch when it did see it).
    const onOnline = () =>
      void queryClient.refetchQueries(
        { queryKey: recentProjectsQueryKey, exact: true },
        { cancelRefetch: false },
      );
    window.addEventListener('online', onOnline);
    // A queued photo uploaded by this tab, another one or the service worker: a list asked for earlier lacks it.
    const stop = subscribeUploadEvents((e) => {
      if (e.type === 'created') void refreshProjectLists(queryClient);
    });
    return () => {
      window.removeEventListener('online', onOnline);
      stop();
    };
  }, [enabled, queryClient]);
  return useQuery({ ...recentProjectsQueryOptions(), enabled });
}
