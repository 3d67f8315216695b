import { openMongo } from './mongo/mongo-store';
import { openNedb, type NedbOptions } from './nedb/nedb-store';
import type { S3Options } from './blobs/s3-blob-store';
import type { Store } from './model/collections';

export {
  DEMO_TTL_GRACE_SECONDS,
  IDEMPOTENCY_KEY_TTL_SECONDS,
  WEBHOOK_EVENT_TTL_SECONDS,
  type Collections,
  type PurgeResult,
  type Store,
  type StoreHandle,
} from './model/collections';

export interface StoreOptions extends NedbOptions {
  dataDir: string;
  mongodbUri?: string | undefined;
  mongodbDb?: string | undefined;
  /** Blobs in this S3 bucket, whichever store keeps the documents. */
  s3?: S3Options | undefined;
}

/**
 * MongoDB when a URI is configured, otherwise the embedded NeDB files under `${dataDir}/db`; blobs beside
 * them (GridFS or files) unless an S3 bucket is configured.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.mongodbUri
    ? await openMongo(options.mongodbUri, options.mongodbDb || 'stagely')
    : await openNedb(options.dataDir, options);
  if (!options.s3) return store;
  // Loaded only with a bucket configured: the AWS SDK adds a few tenths of a second and ~25 MB to start-up.
  const { S3BlobStore } = await import('./blobs/s3-blob-store');
  const blobs = new S3BlobStore(options.s3);
  return {
    ...store,
    blobs,
    close: async () => {
      await store.close();
      blobs.close();
    },
  };
}
