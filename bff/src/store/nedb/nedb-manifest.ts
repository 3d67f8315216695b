import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * How many records each collection held when last seen, beside the NeDB files. An emptied or deleted
 * data file loads as a healthy empty collection; against this manifest it is seen for what it is.
 */
export interface Manifest {
  format: 1;
  collections: Record<string, { records: number; at: string }>;
}

export const MANIFEST_FILE = 'manifest.json';

export async function readManifest(dbDir: string): Promise<Manifest | null> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dbDir, MANIFEST_FILE), 'utf8')) as Manifest;
    return parsed.format === 1 && typeof parsed.collections === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** Written aside and renamed, so a crash leaves the old manifest or the new one. */
export async function writeManifest(dbDir: string, counts: Record<string, number>): Promise<void> {
  const at = new Date().toISOString();
  const manifest: Manifest = {
    format: 1,
    collections: Object.fromEntries(Object.entries(counts).map(([k, records]) => [k, { records, at }])),
  };
  const file = path.join(dbDir, MANIFEST_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

/** Keeps the manifest current: at once when a collection becomes empty or stops being empty, else soon. */
export class ManifestKeeper {
  private readonly counts: Record<string, number> = {};
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dbDir: string,
    private readonly delayMs = 5000,
  ) {}

  set(name: string, records: number): void {
    this.counts[name] = records;
  }

  /** Never throws: the data write it follows has already succeeded. */
  async update(name: string, records: number): Promise<void> {
    const before = this.counts[name] ?? 0;
    this.counts[name] = records;
    if (before === 0 || records === 0) await this.save();
    else this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, this.delayMs);
    this.timer.unref();
  }

  save(): Promise<void> {
    const counts = { ...this.counts };
    this.writing = this.writing.then(() => writeManifest(this.dbDir, counts)).catch(() => undefined);
    return this.writing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.save();
  }
}
