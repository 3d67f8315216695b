import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

const STORAGE_KEY = 'stagely-query-cache';
/** What a signed-in agent needs to see at once and offline; nothing else is written to the device. */
const PERSISTED = new Set(['/api/auth/user', '/api/projects', '/api/user/limits']);
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({
      storage: window.localStorage,
      key: STORAGE_KEY,
      throttleTime: 500,
    }),
    maxAge: PERSIST_MAX_AGE_MS,
    // A new build may change the shapes; start fresh rather than parse old data.
    buster: 'v1',
    dehydrateOptions: {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && PERSISTED.has(String(q.queryKey[0])),
    },
  };
}

/** Logout and account deletion: the persisted copy goes too. */
export function clearPersistedQueries(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}
