import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** NeDB's line format: JSON with dates as `{ "$$date": ms }` (what its loader reads back). */
export function serializeLine(doc: unknown): string {
  return JSON.stringify(doc, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $$date: raw.getTime() } : value;
  });
}

export interface CompactionSource {
  file: string;
  /** Every current document and the index definitions, read in one go while no write can run. */
  snapshot(): { docs: unknown[]; indexes: { fieldName: string; unique: boolean; sparse: boolean }[] };
  /** Runs `fn` while no write of the collection can run (the collection's own write lock). */
  exclusive<R>(fn: () => Promise<R>): Promise<R>;
  /** Changes when the file was rewritten by someone else (a reload after a failed write). */
  generation(): number;
}

/** Documents serialized between two yields to the event loop: a few milliseconds of work. */
const SLICE = 500;

/**
 * Rewrites a data file with only the current documents, like NeDB's compaction, but without stopping
 * the server: the documents are written out in slices while requests go on, and what was appended
 * meanwhile is copied over before the new file replaces the old one in one rename.
 */
export async function compactInSlices(source: CompactionSource): Promise<boolean> {
  const { file } = source;
  const temp = `${file}.compacting`;
  const taken = await source.exclusive(async () => ({
    ...source.snapshot(),
    size: (await stat(file)).size,
    generation: source.generation(),
  }));
  const out = await open(temp, 'w');
  let swapped = false;
  try {
    const head = taken.indexes.map((index) => serializeLine({ $$indexCreated: index }));
    if (head.length > 0) await out.write(`${head.join('\n')}\n`);
    for (let i = 0; i < taken.docs.length; i += SLICE) {
      await out.write(
        `${taken.docs
          .slice(i, i + SLICE)
          .map(serializeLine)
          .join('\n')}\n`,
      );
      await yieldToEventLoop();
    }
    swapped = await source.exclusive(async () => {
      // Reloaded meanwhile (a failed write): the snapshot may hold what the file no longer has.
      if (source.generation() !== taken.generation) return false;
      const { size } = await stat(file);
      if (size > taken.size) {
        const tail = Buffer.alloc(size - taken.size);
        const input = await open(file, 'r');
        try {
          await input.read(tail, 0, tail.length, taken.size);
        } finally {
          await input.close();
        }
        await out.write(tail);
      }
      await out.sync();
      await out.close();
      await rename(temp, file);
      const dir = await open(path.dirname(file), 'r');
      await dir.sync().finally(() => dir.close());
      return true;
    });
    return swapped;
  } finally {
    if (!swapped) {
      await out.close().catch(() => undefined);
      await rm(temp, { force: true });
    }
  }
}
