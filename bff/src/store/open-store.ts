import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { MongoClient } from 'mongodb';
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

const INDEXES: Partial<Record<Name, IndexSpec[]>> = {
  users: [
    { fields: { email: 1 }, unique: true },
    { fields: { stripeCustomerId: 1 }, sparse: true },
  ],
  sessions: [{ fields: { expiresAt: 1 }, expireAfterSeconds: 0 }, { fields: { userId: 1 } }],
  projects: [
    { fields: { ownerId: 1, createdAt: -1 } },
    { fields: { status: 1, leaseUntil: 1 } },
    { fields: { expiresAt: 1 }, expireAfterSeconds: 0 },
  ],
  rateLimits: [{ fields: { expiresAt: 1 }, expireAfterSeconds: 0 }],
  usage: [{ fields: { userId: 1 } }],
  idempotencyKeys: [{ fields: { userId: 1 } }],
};

export interface Store {
  kind: 'nedb' | 'mongodb';
  collections: Collections;
  blobs: BlobStore;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  mongodbUri?: string | undefined;
  mongodbDb?: string | undefined;
}

async function withIndexes(collections: Collections): Promise<Collections> {
  for (const name of NAMES) {
    for (const spec of INDEXES[name] ?? []) await (collections[name] as DocCollection<Doc>).ensureIndex(spec);
  }
  return collections;
}

async function openNedb(dataDir: string): Promise<Store> {
  const dbDir = path.join(dataDir, 'db');
  await mkdir(dbDir, { recursive: true });
  const stores: Datastore<Record<string, unknown>>[] = [];
  const collections = Object.fromEntries(
    await Promise.all(
      NAMES.map(async (name) => {
        const db = new Datastore<Record<string, unknown>>({ filename: path.join(dbDir, `${name}.db`) });
        await db.loadDatabaseAsync();
        // NeDB appends; compact hourly so files do not grow without bound.
        db.setAutocompactionInterval(60 * 60 * 1000);
        stores.push(db);
        return [name, new NedbCollection(db)];
      }),
    ),
  ) as unknown as Collections;
  return {
    kind: 'nedb',
    collections: await withIndexes(collections),
    blobs: new FileBlobStore(path.join(dataDir, 'blobs')),
    ping: () => Promise.resolve(),
    close: async () => {
      for (const db of stores) {
        db.stopAutocompaction();
        await db.compactDatafileAsync();
      }
    },
  };
}

async function openMongo(uri: string, dbName: string): Promise<Store> {
  const client = new MongoClient(uri);
  await client.connect();
  const db = client.db(dbName);
  const collections = Object.fromEntries(
    NAMES.map((name) => [name, new MongoCollection(db.collection(name))]),
  ) as unknown as Collections;
  return {
    kind: 'mongodb',
    collections: await withIndexes(collections),
    blobs: new GridFsBlobStore(db),
    ping: async () => {
      await db.command({ ping: 1 });
    },
    close: () => client.close(),
  };
}

/** MongoDB when a URI is configured, otherwise the embedded NeDB files under DATA_DIR. */
export function openStore(options: StoreOptions): Promise<Store> {
  return options.mongodbUri
    ? openMongo(options.mongodbUri, options.mongodbDb ?? 'stagely')
    : openNedb(options.dataDir);
}
