import { copyFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { COLLECTION_NAMES } from '../model/collections';
import { acquireDataDirLock } from '../nedb/data-dir-lock';
import { FileBlobStore } from '../blobs/file-blob-store';
import { checkDataFile, type DataFileReport } from '../nedb/nedb-file-check';
import { describeProblem, inspectDataFiles, readableFileOf } from '../nedb/nedb-integrity';
import { readManifest, writeManifest } from '../nedb/nedb-manifest';
import { dataFileOf } from '../nedb/nedb-store';
import { BlobDamagedError } from '../model/types';

export interface MaintenanceReport {
  ok: boolean;
  lines: string[];
}

/** Every blob key under `root` (its temp folder left out). */
async function blobKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith('.tmp/'));
}

async function damagedBlobs(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'blobs');
  const blobs = await FileBlobStore.open(root);
  const damaged: string[] = [];
  for (const key of await blobKeys(root)) {
    try {
      await blobs.get(key);
    } catch (err) {
      if (err instanceof BlobDamagedError) damaged.push(`${key} (${err.message.split(': ').pop()})`);
      else throw err;
    }
  }
  return damaged;
}

/** `npm run store:check`: reads every data file and blob; changes nothing. */
export async function checkStore(dataDir: string): Promise<MaintenanceReport> {
  const dbDir = path.join(dataDir, 'db');
  const { reports, problems } = await inspectDataFiles(dbDir, (n) => dataFileOf(dbDir, n));
  const lines: string[] = [];
  for (const [name, r] of reports)
    lines.push(
      `${name}.db: ${r.exists ? `${r.records} records` : 'no file'}${r.tornTail ? ', an incomplete last record (cut off at the next start)' : ''}`,
    );
  for (const p of problems) lines.push(`DAMAGED ${describeProblem(p)}`);
  const blobs = await damagedBlobs(dataDir);
  for (const key of blobs)
    lines.push(`DAMAGED image blobs/${key}: restore it from a backup or delete its project.`);
  if (problems.length + blobs.length === 0) lines.push('No damage found.');
  else if (problems.length > 0)
    lines.push('Run `npm run store:repair` (with the server stopped) to salvage the data files.');
  return { ok: problems.length + blobs.length === 0, lines };
}

/** The readable lines of a data file, in order: what NeDB would keep. */
async function readableLines(report: DataFileReport): Promise<string[]> {
  const kept: string[] = [];
  const bad = new Set(report.damagedLines);
  let n = 0;
  const input = createReadStream(report.file, 'utf8');
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    n += 1;
    if (line !== '' && !bad.has(n)) kept.push(line);
  }
  // A torn last line is not among the damaged lines; it goes too.
  return report.tornTail ? kept.slice(0, -1) : kept;
}

/**
 * `npm run store:repair`: with the server stopped, backs up each damaged data file and writes a new one
 * with every readable record; `acceptEmpty` names collections that really should be empty now.
 */
export async function repairStore(dataDir: string, acceptEmpty: string[] = []): Promise<MaintenanceReport> {
  const dbDir = path.join(dataDir, 'db');
  const release = await acquireDataDirLock(dbDir, 0);
  try {
    const { problems, reports } = await inspectDataFiles(dbDir, (n) => dataFileOf(dbDir, n));
    const lines: string[] = [];
    let ok = true;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    for (const p of problems) {
      if (p.report.damagedLines.length > 0) {
        const backup = `${p.file}.bak-${stamp}`;
        await copyFile(p.file, backup);
        const kept = await readableLines(p.report);
        await writeFile(`${p.file}.repair`, kept.length > 0 ? `${kept.join('\n')}\n` : '');
        await rename(`${p.file}.repair`, dataFileOf(dbDir, p.name));
        lines.push(
          `${path.basename(p.file)}: kept every readable record; ${p.report.damagedLines.length} unreadable line(s) are in ${path.basename(backup)}.`,
        );
      } else if (acceptEmpty.includes(p.name)) {
        lines.push(`${p.name}.db: accepted as empty.`);
      } else {
        ok = false;
        lines.push(
          `${describeProblem(p)} Restore it from a backup, or accept it with --accept-empty ${p.name}.`,
        );
      }
    }
    if (ok) {
      // The manifest now matches the files, so the next start compares against what was repaired.
      const manifest = await readManifest(dbDir);
      const counts: Record<string, number> = {};
      for (const name of COLLECTION_NAMES) {
        const repaired = problems.some((p) => p.name === name);
        counts[name] = repaired
          ? (await checkDataFile(readableFileOf(dataFileOf(dbDir, name)))).records
          : (reports.get(name)?.records ?? manifest?.collections[name]?.records ?? 0);
      }
      await writeManifest(dbDir, counts);
    }
    if (problems.length === 0) lines.push('Nothing to repair.');
    return { ok, lines };
  } finally {
    await release();
  }
}
