import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { DB_NAME, DB_VERSION, type StagelyDb } from './schema';

let dbPromise: Promise<IDBPDatabase<StagelyDb>> | null = null;

/** The one connection of this tab (opened on first use). */
export function getDb(): Promise<IDBPDatabase<StagelyDb>> {
  dbPromise ??= openDB<StagelyDb>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('settings');
        const uploads = db.createObjectStore('uploads', { keyPath: 'id' });
        uploads.createIndex('status', 'status');
        uploads.createIndex('createdAt', 'createdAt');
        db.createObjectStore('outbox', { keyPath: 'id' });
        db.createObjectStore('drafts');
      }
    },
    // A newer version in another tab waits for us: step aside, the next call reopens.
    blocking() {
      void closeDb();
    },
    terminated() {
      dbPromise = null;
    },
  }).catch((err: unknown) => {
    dbPromise = null;
    throw err;
  });
  return dbPromise;
}

/** Closes the connection (tests, and when a newer version needs the database). */
export async function closeDb(): Promise<void> {
  const pending = dbPromise;
  dbPromise = null;
  if (pending) (await pending.catch(() => null))?.close();
}

/** Removes everything the app keeps on this device (all stores); the next use starts empty. */
export async function destroyDb(): Promise<void> {
  await closeDb();
  await deleteDB(DB_NAME);
}
