import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { MongoClient } from 'mongodb';
import { startLoopbackS3, type LoopbackS3 } from '../../testing/s3-server';
import { MongoCollection } from '../mongo/mongo-collection';
import { NedbCollection } from '../nedb/nedb-collection';
import { openStore, type Store } from '../open-store';
import { createRepositories, type NewProject, type Repositories } from '../repositories';
import type { Doc, DocCollection } from '../model/types';

export type BackendName = 'nedb' | 'mongodb';

const mongoUri = process.env.MONGODB_URI;

/** The contract runs on NeDB always and on MongoDB when MONGODB_URI points at a server. */
export const BACKENDS: { name: BackendName; enabled: boolean }[] = [
  { name: 'nedb', enabled: true },
  { name: 'mongodb', enabled: Boolean(mongoUri) },
];

export function announceSkips(suite: string): void {
  if (!mongoUri)
    console.log(`${suite}: MongoDB run skipped (set MONGODB_URI to run it against a real server)`);
}

/** One fresh store (temp DATA_DIR or a throw-away MongoDB database) per test. */
export interface Harness {
  backend: BackendName;
  dataDir: string;
  store: Store;
  repos: Repositories;
  /** close() then open the same data again, as a process restart does. */
  restart(): Promise<void>;
  /** A scratch collection outside the app's own, opened the way the store opens its collections. */
  rawCollection<T extends Doc>(name: string): Promise<DocCollection<T>>;
  dispose(): Promise<void>;
}

/** `blobs: 's3'` keeps the blobs in a loopback S3 server started for this harness, as S3_BUCKET does. */
export async function createHarness(
  backend: BackendName,
  options: { blobs?: 'default' | 's3' } = {},
): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-store-'));
  const dbName = `stagely_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const s3: LoopbackS3 | null = options.blobs === 's3' ? await startLoopbackS3() : null;
  const bucket = s3 && {
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
  };
  const open = () =>
    openStore({
      dataDir,
      mongodbUri: backend === 'mongodb' ? mongoUri : undefined,
      mongodbDb: dbName,
      s3: bucket ?? undefined,
    });
  let client: MongoClient | null = null;
  const mongo = async () => {
    client ??= await new MongoClient(mongoUri ?? '', { ignoreUndefined: true }).connect();
    return client.db(dbName);
  };
  const h: Harness = {
    backend,
    dataDir,
    store: await open(),
    repos: undefined as unknown as Repositories,
    async restart() {
      await h.store.close();
      h.store = await open();
      h.repos = createRepositories(h.store);
    },
    async rawCollection<T extends Doc>(name: string): Promise<DocCollection<T>> {
      if (backend === 'mongodb') return new MongoCollection<T>((await mongo()).collection(`raw_${name}`));
      const db = new Datastore<Record<string, unknown>>({ filename: path.join(dataDir, `raw-${name}.db`) });
      await db.loadDatabaseAsync();
      return new NedbCollection<T>(db);
    },
    async dispose() {
      await h.store.close();
      if (backend === 'mongodb') await (await mongo()).dropDatabase();
      await client?.close();
      await s3?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  h.repos = createRepositories(h.store);
  return h;
}

/** A project as the intake stores it (only what a test changes is passed). */
export const testProject = (ownerId: string | null, extra: Partial<NewProject> = {}): NewProject => ({
  ownerId,
  name: 'Living Room - Nov 22, 2026',
  stagingMode: 'stage',
  roomType: 'living-room',
  stylePreset: 'modern',
  colorPalette: 'neutral-warm',
  customPrompt: null,
  engine: 'preview',
  images: { original: 'projects/x/original.jpg', thumb: 'projects/x/thumb.webp', staged: [] },
  width: 100,
  height: 75,
  creditMonth: null,
  expiresAt: null,
  ...extra,
});
