import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { projectListSchema, type Project, type ProjectStatusResponse } from '@shared/api';
import { RECENT_PROJECTS, STATUS_POLL_MS, isFinished } from '@shared/domain';
import { ApiError, apiJson } from '../../../lib/api-client';
import { subscribeUploadEvents } from '../../../offline/upload-events';

export const projectsQueryKey = ['/api/projects'] as const;

/**
 * Every 2 s while a project Recent Projects shows is pending or processing; never offline (a poll could only
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
  return shown.some((p) => !isFinished(p.status)) ? STATUS_POLL_MS : false;
}

/**
 * The signed-in user's projects, newest first. The persisted copy paints at once, but it is only a
 * placeholder: the server's list replaces it on start, on focus and on reconnect.
 */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: projectsQueryKey,
    queryFn: ({ signal }) => apiJson('/api/projects', projectListSchema, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchInterval: (query) => projectsPollInterval(query.state.data, query.state.error),
  });

/** A project's status, read by its own poll, is its list entry's status at once (not at the next list poll). */
export function followProjectStatus(client: QueryClient, id: string, status: ProjectStatusResponse): void {
  client.setQueryData<Project[]>(projectsQueryKey, (list) => {
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
  });
}

export function useProjects(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // A page opened offline never told the query library so, which then sees no reconnect: we do (sharing
    // the library's own refetch when it did see it).
    const onOnline = () =>
      void queryClient.refetchQueries({ queryKey: projectsQueryKey, exact: true }, { cancelRefetch: false });
    window.addEventListener('online', onOnline);
    // A queued photo uploaded by this tab, another one or the service worker: a list asked for earlier lacks it.
    const stop = subscribeUploadEvents((e) => {
      if (e.type === 'created')
        void queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    });
    return () => {
      window.removeEventListener('online', onOnline);
      stop();
    };
  }, [enabled, queryClient]);
  return useQuery({ ...projectsQueryOptions(), enabled });
}
