/** The app's IndexedDB database: its connection, its schema and the key-value stores (settings, drafts). */
export { closeDb, destroyDb, getDb } from './db';
export { offlineDataMayExist } from './exists';
export { deleteDraft, getDraft, getSetting, setDraft, setSetting } from './key-value';
export {
  DB_NAME,
  DB_VERSION,
  type OutboxNotice,
  type OutboxRecord,
  type OutboxStatus,
  type QueueStoreName,
  type StagelyDb,
  type UploadRecord,
  type UploadStatus,
  type UploadTarget,
} from './schema';
