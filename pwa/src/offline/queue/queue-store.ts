import type { StoreValue } from 'idb';
import { getDb, type QueueStoreName, type StagelyDb } from '../db';

/** Where a queue keeps its records, keyed by id. */
export interface QueueStore<T> {
  put: (record: T) => Promise<void>;
  get: (id: string) => Promise<T | undefined>;
  delete: (id: string) => Promise<void>;
  /** Oldest first. */
  list: () => Promise<T[]>;
  count: () => Promise<number>;
}

/** One IndexedDB store of the app's database as a queue's store. */
export function queueStore<N extends QueueStoreName>(name: N): QueueStore<StoreValue<StagelyDb, N>> {
  return {
    put: async (record) => {
      await (await getDb()).put(name, record);
    },
    get: async (id) => (await getDb()).get(name, id),
    delete: async (id) => (await getDb()).delete(name, id),
    list: async () => (await (await getDb()).getAll(name)).sort((a, b) => a.createdAt - b.createdAt),
    count: async () => (await getDb()).count(name),
  };
}
