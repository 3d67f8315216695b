import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { MongoClient } from 'mongodb';
import { acquireDataDirLock } from './data-dir-lock';
import type {
  ContactMessageDoc,
  IdempotencyDoc,
  PreferencesDoc,
  ProjectDoc,
  RateLimitDoc,
  SessionDoc,
  UsageDoc,
  UserDoc,
  WebhookEventDoc,
} from './documents';
import { FileBlobStore } from './file-blob-store';
import { GridFsBlobStore } from './gridfs-blob-store';
import { MongoCollection } from './mongo-collection';
import { NedbCollection } from './nedb-collection';
import type { BlobStore, Doc, DocCollection, IndexSpec } from './types';

export interface Collections {
  users: DocCollection<UserDoc>;
  preferences: DocCollection<PreferencesDoc>;
  sessions: DocCollection<SessionDoc>;
  usage: DocCollection<UsageDoc>;
  idempotencyKeys: DocCollection<IdempotencyDoc>;
  projects: DocCollection<ProjectDoc>;
  webhookEvents: DocCollection<WebhookEventDoc>;
  rateLimits: DocCollection<RateLimitDoc>;
  contactMessages: DocCollection<ContactMessageDoc>;
}
type Name = keyof Collections;
const NAMES: Name[] = [
  'users',
  'preferences',
  'sessions',
  'usage',
  'idempotencyKeys',
  'projects',
  'webhookEvents',
  'rateLimits',
  'contactMessages',
];

/** Stripe retries a webhook for up to 3 days; ids are kept well past that. */
export const WEBHOOK_EVENT_TTL_SECONDS = 30 * 24 * 3600;
/** A retried upload comes back within days (an offline queue); a key is kept well past that. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 30 * 24 * 3600;
/** MongoDB's TTL is only a backstop for demos: the app's sweep deletes them first, with their blobs. */
export const DEMO_TTL_GRACE_SECONDS = 6 * 3600;

const INDEXES: Record<Name, IndexSpec[]> = {
  users: [
    { fields: { email: 1 }, unique: true },
    { fields: { stripeCustomerId: 1 }, sparse: true },
    { fields: { 'identities.subject': 1 } },
  ],
  preferences: [],
  sessions: [{ fields: { expiresAt: 1 }, expireAfterSeconds: 0 }, { fields: { userId: 1 } }],
  usage: [{ fields: { userId: 1 } }],
  idempotencyKeys: [
    { fields: { userId: 1 } },
    { fields: { createdAt: 1 }, expireAfterSeconds: IDEMPOTENCY_KEY_TTL_SECONDS },
  ],
  projects: [
    { fields: { ownerId: 1, createdAt: -1 } },
    { fields: { status: 1, nextAttemptAt: 1 } },
    { fields: { status: 1, leaseUntil: 1 } },
    { fields: { expiresAt: 1 }, expireAfterSeconds: DEMO_TTL_GRACE_SECONDS },
    { fields: { shareToken: 1 } },
  ],
  webhookEvents: [{ fields: { receivedAt: 1 }, expireAfterSeconds: WEBHOOK_EVENT_TTL_SECONDS }],
  rateLimits: [{ fields: { expiresAt: 1 }, expireAfterSeconds: 0 }, { fields: { key: 1 } }],
  contactMessages: [{ fields: { createdAt: 1 } }],
};

export interface PurgeResult {
  sessions: number;
  rateLimits: number;
  webhookEvents: number;
  idempotencyKeys: number;
}

export interface Store {
  kind: 'nedb' | 'mongodb';
  /**
   * True when this process alone works on the data (the embedded store's DATA_DIR lock): a job left
   * 'processing' at start-up belongs to a process that is gone.
   */
  exclusive: boolean;
  collections: Collections;
  blobs: BlobStore;
  /** Resolves when the store answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /**
   * Removes expired sessions, rate-limit windows, old idempotency keys and webhook ids; the housekeeping
   * calls it on a timer (NeDB has no TTL; on MongoDB the TTL indexes do the same). Expired demo projects are not touched here: they own blobs (see projects.findExpiredDemos).
   */
  purgeExpired(now?: Date): Promise<PurgeResult>;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  mongodbUri?: string | undefined;
  mongodbDb?: string | undefined;
}

async function withIndexes(collections: Collections): Promise<Collections> {
  for (const name of NAMES) {
    for (const spec of INDEXES[name]) await (collections[name] as DocCollection<Doc>).ensureIndex(spec);
  }
  return collections;
}

async function purgeExpired(c: Collections, now: Date = new Date()): Promise<PurgeResult> {
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  return {
    sessions: await c.sessions.deleteMany({ expiresAt: { $lte: now } }),
    rateLimits: await c.rateLimits.deleteMany({ expiresAt: { $lte: now } }),
    webhookEvents: await c.webhookEvents.deleteMany({ receivedAt: { $lte: ago(WEBHOOK_EVENT_TTL_SECONDS) } }),
    idempotencyKeys: await c.idempotencyKeys.deleteMany({
      createdAt: { $lte: ago(IDEMPOTENCY_KEY_TTL_SECONDS) },
    }),
  };
}

async function openNedb(dataDir: string): Promise<Store> {
  const dbDir = path.join(dataDir, 'db');
  await mkdir(dbDir, { recursive: true });
  const release = await acquireDataDirLock(dbDir);
  try {
    const stores: Datastore<Record<string, unknown>>[] = [];
    const entries = await Promise.all(
      NAMES.map(async (name) => {
        const db = new Datastore<Record<string, unknown>>({ filename: path.join(dbDir, `${name}.db`) });
        await db.loadDatabaseAsync();
        // NeDB appends every change; compacting hourly keeps the files near their real size.
        db.setAutocompactionInterval(60 * 60 * 1000);
        stores.push(db);
        return [name, new NedbCollection(db)] as const;
      }),
    );
    const collections = await withIndexes(Object.fromEntries(entries) as unknown as Collections);
    const blobs = await FileBlobStore.open(path.join(dataDir, 'blobs'));
    let closed: Promise<void> | null = null;
    return {
      kind: 'nedb',
      exclusive: true,
      collections,
      blobs,
      ping: () => Promise.resolve(),
      purgeExpired: (now) => purgeExpired(collections, now),
      close: () =>
        (closed ??= (async () => {
          for (const db of stores) {
            db.stopAutocompaction();
            await db.compactDatafileAsync();
          }
          await release();
        })()),
    };
  } catch (err) {
    await release();
    throw err;
  }
}

async function openMongo(uri: string, dbName: string): Promise<Store> {
  // ignoreUndefined: an undefined field is left out, as NeDB does, instead of being stored as null.
  const client = new MongoClient(uri, { ignoreUndefined: true, serverSelectionTimeoutMS: 15_000 });
  await client.connect();
  try {
    const db = client.db(dbName);
    const collections = await withIndexes(
      Object.fromEntries(
        NAMES.map((name) => [name, new MongoCollection(db.collection(name))]),
      ) as unknown as Collections,
    );
    return {
      kind: 'mongodb',
      exclusive: false,
      collections,
      blobs: new GridFsBlobStore(db),
      ping: async () => {
        await db.command({ ping: 1 });
      },
      purgeExpired: (now) => purgeExpired(collections, now),
      close: () => client.close(),
    };
  } catch (err) {
    await client.close();
    throw err;
  }
}

/** MongoDB when a URI is configured, otherwise the embedded NeDB files under `${dataDir}/db`. */
export function openStore(options: StoreOptions): Promise<Store> {
  return options.mongodbUri
    ? openMongo(options.mongodbUri, options.mongodbDb || 'stagely')
    : openNedb(options.dataDir);
}
