export { openStore, type Store, type StoreOptions, type Collections } from './open-store';
export { createRepositories, type Repositories } from './repositories';
export * from './documents';
export { DuplicateKeyError, type BlobStore, type Blob } from './types';
