import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { apiPath } from '@shared/api/api-paths';
import { isVersionsKey, recentProjectsQueryKey } from '../../lib/project-query-keys';
import { isPropertyViewKey } from '../../lib/property-query-keys';
import { PERSIST_MAX_AGE_MS } from '../../lib/query-client';

const STORAGE_KEY = 'stagely-query-cache';
const keyText = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);
/**
 * What a signed-in agent needs to see at once and offline, by exact query key: who is signed in, their
 * limits and Recent Projects, and their properties (the list and each one opened, so a viewing with no
 * signal can choose one and add photos), and the versions of each project opened (the brush paints on the
 * current one offline). Nothing else is written to the device: not All projects, its pages or searches,
 * single projects, nor share links.
 */
const PERSISTED = new Set(
  [[apiPath('authUser')], [apiPath('userLimits')], recentProjectsQueryKey].map(keyText),
);
export const isPersistedQuery = (queryKey: readonly unknown[]) =>
  PERSISTED.has(keyText(queryKey)) || isPropertyViewKey(queryKey) || isVersionsKey(queryKey);

/**
 * A refetch that failed (a flaky reconnect, the server down) still leaves the last data we had: that is
 * what is stored, as it was, so a later start offline still knows the user and their projects.
 */
export function keepLastGood(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error'
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureReason: null } }
      : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

const THROTTLE_MS = 500;
let pending: PersistedClient | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function writePending(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!pending) return;
  const client = pending;
  pending = null;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(keepLastGood(client)));
  } catch {
    // Storage full or blocked: the last copy written stays, which is still the best we have.
  }
}

/**
 * localStorage, at most one write per 500 ms, and the pending write done at once when the page is hidden
 * or goes away: a reload or a closed tab right after the projects arrived must not lose them offline.
 */
function storagePersister(): Persister {
  // Listening starts with the first write, so the app can also be rendered where there is no window.
  let listening = false;
  const flushWhenLeaving = () => {
    listening = true;
    window.addEventListener('pagehide', writePending);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') writePending();
    });
  };
  return {
    persistClient: (client) => {
      if (!listening) flushWhenLeaving();
      pending = client;
      timer ??= setTimeout(writePending, THROTTLE_MS);
    },
    restoreClient: () => {
      const raw = window.localStorage.getItem(STORAGE_KEY);
      return raw ? (JSON.parse(raw) as PersistedClient) : undefined;
    },
    removeClient: clearPersistedQueries,
  };
}

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: storagePersister(),
    maxAge: PERSIST_MAX_AGE_MS,
    // A new build may change the shapes; start fresh rather than parse old data.
    buster: 'v2',
    dehydrateOptions: {
      shouldDehydrateQuery: (q) => q.state.data !== undefined && isPersistedQuery(q.queryKey),
    },
  };
}

/** Logout and account deletion: the persisted copy goes too. */
export function clearPersistedQueries(): void {
  pending = null;
  clearTimeout(timer);
  timer = undefined;
  window.localStorage.removeItem(STORAGE_KEY);
}
