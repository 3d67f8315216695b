import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PROJECT_EVENT, projectEventSchema, propertySchema, type ProjectEvent } from '@shared/api';
import { STAGING_FAILED_TITLE, isFinished, type ProjectStatus } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { showConfirmation, showError } from '../components/toast';
import { apiJson } from '../lib/api-client';
import { preferencesQueryOptions } from '../lib/preferences';
import { limitsQueryKey } from '../lib/limits';
import { setLiveStreamOpen } from '../lib/live-stream';
import { projectListsQueryKey, projectsQueryKey } from '../lib/project-query-keys';
import { propertiesQueryKey, propertyQueryKey } from '../lib/property-query-keys';

export const EVENTS_URL = apiPath('events');
/** After the server refused the stream (too many windows, a restart), wait this long before asking again. */
export const RECONNECT_AFTER_MS = 30_000;

export const PROJECT_FINISHED_TOASTS = {
  completed: {
    title: 'Project Completed',
    description: (name: string) => `${name} is staged and ready to view.`,
  },
  failed: {
    title: STAGING_FAILED_TITLE,
    description: (name: string) => `${name} could not be staged. Open it to see why.`,
  },
} as const;

/** A property's run of stagings says so once, when its last room finished (not once per room). */
export const PROPERTY_RUN_TOASTS = {
  completed: {
    title: 'Property Staged',
    description: (name: string, rooms: number) =>
      `${name}: ${rooms} ${rooms === 1 ? 'room is' : 'rooms are'} staged and ready to view.`,
  },
  failed: {
    title: STAGING_FAILED_TITLE,
    description: (name: string, failed: number, rooms: number) =>
      `${name}: ${failed} of ${rooms} ${rooms === 1 ? 'room' : 'rooms'} could not be staged. Open it to see why.`,
  },
  unnamed: 'Your property',
} as const;

const unfinished = (status: unknown) => typeof status === 'string' && !isFinished(status as ProjectStatus);

/** A cached answer that shows a project or room still under way: what a missed event could leave stale. */
function showsWorkUnderWay(query: Query): boolean {
  const data = query.state.data;
  if (Array.isArray(data)) return data.some((p: { status?: unknown }) => unfinished(p.status));
  if (typeof data !== 'object' || data === null) return false;
  if ('rooms' in data && Array.isArray(data.rooms))
    return data.rooms.some((r: { project?: { status?: unknown } | null }) => unfinished(r.project?.status));
  return 'status' in data && unfinished(data.status);
}

/** The account's preference allows it (by default); the device's 'Show notifications' is the toast's rule. */
async function mayNotify(client: QueryClient): Promise<boolean> {
  const prefs = await client
    .fetchQuery({ ...preferencesQueryOptions(), staleTime: 60_000 })
    .catch(() => null);
  return prefs?.inAppNotifications.project_completed !== false;
}

/** Rooms of a property finished since its last toast, and whether its rooms are being checked now. */
interface PropertyRun {
  completed: number;
  failed: number;
  checking: boolean;
  again: boolean;
}
const runs = new Map<string, PropertyRun>();

/** Once no room of the property is under way any more, one toast for every room that finished. */
async function settleRun(client: QueryClient, propertyId: string): Promise<void> {
  const run = runs.get(propertyId);
  if (!run) return;
  if (run.checking) {
    run.again = true;
    return;
  }
  run.checking = true;
  try {
    do {
      run.again = false;
      const property = await apiJson(apiPath('property', { id: propertyId }), propertySchema).catch(
        () => null,
      );
      if (property?.rooms.some((r) => unfinished(r.project?.status))) continue;
      const rooms = run.completed + run.failed;
      const failed = run.failed;
      if (rooms === 0) continue;
      run.completed = 0;
      run.failed = 0;
      if (!(await mayNotify(client))) continue;
      const name = property?.name ?? PROPERTY_RUN_TOASTS.unnamed;
      if (failed > 0)
        showError(
          PROPERTY_RUN_TOASTS.failed.description(name, failed, rooms),
          PROPERTY_RUN_TOASTS.failed.title,
        );
      else
        void showConfirmation({
          title: PROPERTY_RUN_TOASTS.completed.title,
          description: PROPERTY_RUN_TOASTS.completed.description(name, rooms),
        });
    } while (run.again);
  } finally {
    run.checking = false;
  }
}

/** What one event changes on the page: the project's queries, the lists, its property; a toast once finished. */
function apply(client: QueryClient, event: ProjectEvent): void {
  void client.invalidateQueries({ queryKey: [...projectsQueryKey, event.projectId] });
  void client.invalidateQueries({ queryKey: projectListsQueryKey });
  if (event.propertyId) void client.invalidateQueries({ queryKey: propertyQueryKey(event.propertyId) });
  if (event.status !== 'completed' && event.status !== 'failed') return;
  // A failure returned the credit; a success used one.
  void client.invalidateQueries({ queryKey: limitsQueryKey });
  if (event.propertyId) {
    const run = runs.get(event.propertyId) ?? { completed: 0, failed: 0, checking: false, again: false };
    run[event.status] += 1;
    runs.set(event.propertyId, run);
    void settleRun(client, event.propertyId);
    return;
  }
  const toast = PROJECT_FINISHED_TOASTS[event.status];
  void mayNotify(client).then((yes) => {
    if (!yes) return;
    const description = toast.description(event.name);
    if (event.status === 'failed') showError(description, toast.title);
    else void showConfirmation({ title: toast.title, description });
  });
}

function parseEvent(data: unknown): ProjectEvent | null {
  try {
    const parsed = projectEventSchema.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * While signed in, one EventSource on `/api/events`: status changes reach every query that shows them and
 * a finished project says so in a toast, on any page. While it is open, polling slows to a backup; when it
 * is not (an error, offline, a browser without EventSource), the 2 s polling carries on as before.
 */
export function useLiveStatus(signedIn: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let live = false;
    // Whatever showed work under way may have finished unheard (before this stream, or while it was down);
    // asking again also puts each poll back on the interval that fits.
    const catchUp = () =>
      void client.invalidateQueries({
        predicate: (q) =>
          (q.queryKey[0] === projectsQueryKey[0] || q.queryKey[0] === propertiesQueryKey[0]) &&
          showsWorkUnderWay(q),
      });
    const connect = () => {
      clearTimeout(retry);
      source?.close();
      const current = new EventSource(EVENTS_URL);
      source = current;
      current.addEventListener('open', () => {
        live = true;
        setLiveStreamOpen(true);
        catchUp();
      });
      current.addEventListener(PROJECT_EVENT, (e) => {
        const event = parseEvent(e.data);
        if (event) apply(client, event);
      });
      current.addEventListener('error', () => {
        if (live) {
          live = false;
          setLiveStreamOpen(false);
          catchUp();
        }
        // CONNECTING: the browser retries by itself. CLOSED: refused (401, 429) or not a stream at all.
        if (current.readyState === EventSource.CLOSED) retry = setTimeout(connect, RECONNECT_AFTER_MS);
      });
    };
    const reconnectIfClosed = () => {
      if (source?.readyState === EventSource.CLOSED) connect();
    };
    // Offline, a stream can only hang: it is closed, so it holds no connection the page's requests need.
    const pause = () => {
      clearTimeout(retry);
      source?.close();
      if (live) {
        live = false;
        setLiveStreamOpen(false);
      }
    };
    connect();
    window.addEventListener('online', reconnectIfClosed);
    window.addEventListener('offline', pause);
    return () => {
      clearTimeout(retry);
      source?.close();
      setLiveStreamOpen(false);
      window.removeEventListener('online', reconnectIfClosed);
      window.removeEventListener('offline', pause);
    };
  }, [signedIn, client]);
}
