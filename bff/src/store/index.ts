export {
  openStore,
  DEMO_TTL_GRACE_SECONDS,
  WEBHOOK_EVENT_TTL_SECONDS,
  type Store,
  type StoreHandle,
  type StoreOptions,
  type Collections,
  type PurgeResult,
} from './open-store';
export * from './repositories';
export * from './model/documents';
export * from './blobs/blob-keys';
export { AccountsMissingError, StoreDamagedError } from './nedb/nedb-integrity';
export { UNWATCHED_DISK, watchDiskSpace, type DiskSpace, type DiskState } from './nedb/disk-space';
export {
  BlobDamagedError,
  DuplicateKeyError,
  type BlobStore,
  type Blob,
  type DocCollection,
  type Filter,
  type Update,
  type UpdateResult,
} from './model/types';
export { checkStore, repairStore, type MaintenanceReport } from './maintenance/store-maintenance';
export type { BlobMigrationReport, MigrationSource } from './maintenance/migrate-blobs';

/** `store:migrate-blobs`; the AWS SDK loads only when this runs. */
export async function migrateConfiguredBlobs(
  ...args: Parameters<typeof import('./maintenance/migrate-blobs').migrateConfiguredBlobs>
): ReturnType<typeof import('./maintenance/migrate-blobs').migrateConfiguredBlobs> {
  return (await import('./maintenance/migrate-blobs')).migrateConfiguredBlobs(...args);
}
