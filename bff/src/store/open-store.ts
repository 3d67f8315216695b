import { openMongo } from './mongo-store';
import { openNedb, type NedbOptions } from './nedb-store';
import type { Store } from './collections';

export {
  DEMO_TTL_GRACE_SECONDS,
  IDEMPOTENCY_KEY_TTL_SECONDS,
  WEBHOOK_EVENT_TTL_SECONDS,
  type Collections,
  type PurgeResult,
  type Store,
} from './collections';

export interface StoreOptions extends NedbOptions {
  dataDir: string;
  mongodbUri?: string | undefined;
  mongodbDb?: string | undefined;
}

/** MongoDB when a URI is configured, otherwise the embedded NeDB files under `${dataDir}/db`. */
export function openStore(options: StoreOptions): Promise<Store> {
  return options.mongodbUri
    ? openMongo(options.mongodbUri, options.mongodbDb || 'stagely')
    : openNedb(options.dataDir, options);
}
