import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const DB_NAME = 'stagely';
/** Every store exists from version 1, so no feature ever has to bump the version on its own. */
export const DB_VERSION = 1;

export type UploadStatus = 'queued' | 'sending' | 'failed';
/** A photo waiting for the server; the upload queue gives the fields their meaning. */
export interface UploadRecord {
  /** Also the Idempotency-Key, so a retried upload never creates a second project. */
  id: string;
  status: UploadStatus;
  /** Epoch milliseconds. */
  createdAt: number;
  file: Blob;
  fileName: string;
  fields: Record<string, string>;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  projectId: string | null;
  /**
   * The account it was taken for, which alone may upload it. Null: not claimed yet (shared into the app by
   * the service worker). Missing in records from before owners were kept: read as null, so no new version.
   */
  ownerId?: string | null;
  /** That account's email (else username), to tell whoever else signs in on this device whose photos wait. */
  ownerName?: string | null;
}

export type OutboxStatus = 'pending' | 'failed';
/** A toast shown when a queued request finally succeeds or is refused for good. */
export interface OutboxNotice {
  sentTitle: string;
  sentDescription?: string;
  failedTitle: string;
}
/** A JSON request queued while the server could not be reached. */
export interface OutboxRecord {
  /** Sent as the Idempotency-Key, so a retry is stored once. */
  id: string;
  kind: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: OutboxStatus;
  lastError: string | null;
  notice: OutboxNotice | null;
}

export interface StagelyDb extends DBSchema {
  settings: { key: string; value: unknown };
  uploads: { key: string; value: UploadRecord; indexes: { status: UploadStatus; createdAt: number } };
  outbox: { key: string; value: OutboxRecord };
  drafts: { key: string; value: unknown };
}

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

// Key-value stores: values are whatever the caller stored; callers validate what they read.
export const getSetting = async (key: string): Promise<unknown> => (await getDb()).get('settings', key);
export const setSetting = async (key: string, value: unknown): Promise<void> => {
  await (await getDb()).put('settings', value, key);
};

export const getDraft = async (key: string): Promise<unknown> => (await getDb()).get('drafts', key);
export const setDraft = async (key: string, value: unknown): Promise<void> => {
  await (await getDb()).put('drafts', value, key);
};
export const deleteDraft = async (key: string): Promise<void> => (await getDb()).delete('drafts', key);

export const putUpload = async (record: UploadRecord): Promise<void> => {
  await (await getDb()).put('uploads', record);
};
export const getUpload = async (id: string): Promise<UploadRecord | undefined> =>
  (await getDb()).get('uploads', id);
export const deleteUpload = async (id: string): Promise<void> => (await getDb()).delete('uploads', id);
/**
 * Gives every photo nobody has claimed yet to `owner`, in one transaction: a photo another tab has just
 * uploaded and deleted is never written back. Returns how many it claimed.
 */
export async function claimUnownedUploads(owner: { ownerId: string; ownerName: string }): Promise<number> {
  const tx = (await getDb()).transaction('uploads', 'readwrite');
  let claimed = 0;
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.ownerId) continue;
    await cursor.update({ ...cursor.value, ...owner });
    claimed += 1;
  }
  await tx.done;
  return claimed;
}
/** Oldest first; only one status when given. */
export async function listUploads(status?: UploadStatus): Promise<UploadRecord[]> {
  const db = await getDb();
  const all = status
    ? await db.getAllFromIndex('uploads', 'status', status)
    : await db.getAllFromIndex('uploads', 'createdAt');
  return status ? all.sort((a, b) => a.createdAt - b.createdAt) : all;
}

export const putOutbox = async (record: OutboxRecord): Promise<void> => {
  await (await getDb()).put('outbox', record);
};
export const getOutbox = async (id: string): Promise<OutboxRecord | undefined> =>
  (await getDb()).get('outbox', id);
export const deleteOutbox = async (id: string): Promise<void> => (await getDb()).delete('outbox', id);
/** Oldest first. */
export async function listOutbox(): Promise<OutboxRecord[]> {
  return (await (await getDb()).getAll('outbox')).sort((a, b) => a.createdAt - b.createdAt);
}
