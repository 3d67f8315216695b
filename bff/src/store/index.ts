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
export { StoreDamagedError } from './nedb-integrity';
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
