export {
  openStore,
  DEMO_TTL_GRACE_SECONDS,
  WEBHOOK_EVENT_TTL_SECONDS,
  type Store,
  type StoreOptions,
  type Collections,
  type PurgeResult,
} from './open-store';
export * from './repositories';
export * from './documents';
export * from './blob-keys';
export { AccountsMissingError, StoreDamagedError } from './nedb-integrity';
export { UNWATCHED_DISK, watchDiskSpace, type DiskSpace, type DiskState } from './disk-space';
export {
  BlobDamagedError,
  DuplicateKeyError,
  type BlobStore,
  type Blob,
  type DocCollection,
  type Filter,
  type Update,
  type UpdateResult,
} from './types';
export { checkStore, repairStore, type MaintenanceReport } from './store-maintenance';
export type { BlobMigrationReport, MigrationSource } from './migrate-blobs';

/** `store:migrate-blobs`; the AWS SDK loads only when this runs. */
export async function migrateConfiguredBlobs(
  ...args: Parameters<typeof import('./migrate-blobs').migrateConfiguredBlobs>
): ReturnType<typeof import('./migrate-blobs').migrateConfiguredBlobs> {
  return (await import('./migrate-blobs')).migrateConfiguredBlobs(...args);
}
