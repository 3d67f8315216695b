import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

const STORAGE_KEY = 'stagely-query-cache';
/** What a signed-in agent needs to see at once and offline; nothing else is written to the device. */
const PERSISTED = new Set(['/api/auth/user', '/api/projects', '/api/user/limits']);
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

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

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({
      storage: window.localStorage,
      key: STORAGE_KEY,
      throttleTime: 500,
      serialize: (client) => JSON.stringify(keepLastGood(client)),
    }),
    maxAge: PERSIST_MAX_AGE_MS,
    // A new build may change the shapes; start fresh rather than parse old data.
    buster: 'v1',
    dehydrateOptions: {
      shouldDehydrateQuery: (q) => q.state.data !== undefined && PERSISTED.has(String(q.queryKey[0])),
    },
  };
}

/** Logout and account deletion: the persisted copy goes too. */
export function clearPersistedQueries(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}
