import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import {
  COLLECTION_NAMES,
  INDEXES,
  purgeExpired,
  withIndexes,
  type CollectionName,
  type Collections,
  type Store,
} from '../model/collections';
import { acquireDataDirLock } from './data-dir-lock';
import { FileBlobStore } from '../blobs/file-blob-store';
import { NedbCollection } from './nedb-collection';
import { checkAccountsPresent, checkDataFiles, StoreDamagedError } from './nedb-integrity';
import { ManifestKeeper } from './nedb-manifest';
import { migrate } from '../maintenance/migrate';

export interface NedbOptions {
  /** Told what was repaired on opening (a torn last line); damage that would lose data throws instead. */
  warn?: (message: string) => void;
  /** A collection whose memory cannot be brought back in line with its file; the default exits. */
  onFatal?: (err: unknown) => void;
}

const COMPACT_EVERY_MS = 60 * 60 * 1000;

export const dataFileOf = (dbDir: string, name: CollectionName) => path.join(dbDir, `${name}.db`);

function exitOnFatal(err: unknown): void {
  console.error(
    'Stagely stops: the embedded store could not be reloaded from disk after a failed write.',
    err,
  );
  process.exit(1);
}

/**
 * The embedded store: NeDB files under `${dataDir}/db` (checked before NeDB reads them, because its load
 * drops unreadable lines and then rewrites the file without them) and blob files under `blobs`.
 */
export async function openNedb(dataDir: string, options: NedbOptions = {}): Promise<Store> {
  const dbDir = path.join(dataDir, 'db');
  await mkdir(dbDir, { recursive: true });
  const release = await acquireDataDirLock(dbDir);
  try {
    const {
      notices,
      problems,
      manifest: lastSeen,
    } = await checkDataFiles(dbDir, (name) => dataFileOf(dbDir, name));
    if (problems.length > 0) throw new StoreDamagedError(dbDir, problems);
    for (const notice of notices) options.warn?.(notice);
    const manifest = new ManifestKeeper(dbDir);
    const entries = await Promise.all(
      COLLECTION_NAMES.map(async (name) => {
        const file = dataFileOf(dbDir, name);
        // Any unreadable line left now is damage the check missed: NeDB must refuse, never drop it.
        const db = new Datastore<Record<string, unknown>>({ filename: file, corruptAlertThreshold: 0 });
        await db.loadDatabaseAsync();
        const collection = new NedbCollection(db, {
          file,
          onCount: (records) => manifest.update(name, records),
          onFatal: options.onFatal ?? exitOnFatal,
        });
        manifest.set(name, db.getAllData().length);
        return [name, collection] as const;
      }),
    );
    // Before the manifest is written: once it is, a restart could no longer tell a lost users.db.
    const loaded = new Map(entries);
    if (!lastSeen && (await loaded.get('users')!.countDocuments({})) === 0) {
      const projects = await loaded.get('projects')!.find({});
      const owners = projects.map((p) => (p as { ownerId?: unknown }).ownerId);
      const orphans = checkAccountsPresent(dbDir, owners);
      if (orphans) options.warn?.(orphans);
    }
    await manifest.save();
    // Indexes go before the migrations and come back after, built once over the migrated data.
    for (const [name, collection] of entries) await collection.keepOnlyIndexes(INDEXES[name]);
    await migrate(Object.fromEntries(entries) as unknown as Collections);
    const collections = await withIndexes(Object.fromEntries(entries) as unknown as Collections);
    const blobs = await FileBlobStore.open(path.join(dataDir, 'blobs'));
    // NeDB appends every change; compacting keeps the files near their real size. NeDB's own compaction
    // holds the event loop for the whole file (seconds at 100k projects); this one works in slices.
    let compacting: Promise<void> = Promise.resolve();
    const compactAll = () =>
      (compacting = compacting.then(async () => {
        for (const [, collection] of entries) await collection.compact().catch(() => false);
      }));
    const timer = setInterval(() => void compactAll(), COMPACT_EVERY_MS);
    timer.unref();
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
          clearInterval(timer);
          await compactAll();
          await manifest.close();
          await release();
        })()),
    };
  } catch (err) {
    await release();
    throw err;
  }
}
