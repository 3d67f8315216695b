import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocCollection } from '../store';
import type { TestApp } from './test-app';

export type StoredState = Record<string, string>;

const isUnusedCounter = (doc: object) => {
  const { used, pending } = doc as { used?: number; pending?: unknown[] };
  return used === 0 && (pending ?? []).length === 0;
};

/** Relative paths of the files under `dir` (none when it does not exist yet). */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Everything the app keeps, one line per collection (every document) and per stored file (its hash), so
 * two snapshots compare with toEqual and a difference names what changed. Collections are read from the
 * store itself: one added later is covered without touching this. `ignore` names collections left out.
 */
export async function storedState(t: TestApp, ignore: string[] = []): Promise<StoredState> {
  const state: StoredState = {};
  const collections = t.deps.store.collections as unknown as Record<string, DocCollection<{ _id: string }>>;
  for (const [name, collection] of Object.entries(collections)) {
    if (ignore.includes(name)) continue;
    // A month's counter back at zero (a credit reserved for a refused photo, then refunded) charges nothing.
    const docs = (await collection.find({}, { sort: { _id: 1 } })).filter(
      (d) => !(name === 'usage' && isUnusedCounter(d)),
    );
    state[`collection ${name}`] = JSON.stringify(docs);
  }
  const blobDir = path.join(t.deps.config.dataDir, 'blobs');
  for (const file of await filesUnder(blobDir)) {
    const bytes = await readFile(path.join(blobDir, file));
    state[`file ${file}`] = createHash('sha256').update(bytes).digest('hex');
  }
  return state;
}
