import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { folderInPlace } from '../../config';

/** What one NeDB data file holds, read line by line the way NeDB appends it. */
export interface DataFileReport {
  file: string;
  exists: boolean;
  /** Records left after replaying every line (updates and deletions included). */
  records: number;
  /** 1-based numbers of lines that are not a readable record, the torn tail excluded. */
  damagedLines: number[];
  /** The last line was cut short (a crash while appending it) and is not readable. */
  tornTail: boolean;
  /** The file does not end with a newline, so the next append would run into its last line. */
  missingFinalNewline: boolean;
}

/** NeDB's own `$` fields, and what each may hold. */
const ownDollarField = (k: string, v: unknown) =>
  (k === '$$date' && typeof v === 'number') ||
  (k === '$$deleted' && v === true) ||
  k === '$$indexCreated' ||
  k === '$$indexRemoved';

/**
 * Whether NeDB would load the value: no field name starts with `$` (but its own `$$date`, `$$deleted`,
 * `$$indexCreated`, `$$indexRemoved`) or holds a dot. NeDB throws on such a record at start-up.
 * Plain loops: it visits every field of every record at start-up (100k projects: ~0.15 s with entries()).
 */
function loadable(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!loadable(item)) return false;
    return true;
  }
  const record = value as Record<string, unknown>;
  for (const k in record) {
    const v = record[k];
    if (k.includes('.')) return false;
    if (k.startsWith('$') && !ownDollarField(k, v)) return false;
    if (typeof v === 'object' && v !== null && !loadable(v)) return false;
  }
  return true;
}

/** A line NeDB wrote: a record with `_id` (maybe `$$deleted`), or an index definition. */
function readLine(line: string): { id: string; deleted: boolean } | 'index' | null {
  let doc: unknown;
  try {
    doc = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc) || !loadable(doc)) return null;
  const d = doc as Record<string, unknown>;
  if (typeof d._id === 'string' && d._id) return { id: d._id, deleted: d.$$deleted === true };
  if (typeof d.$$indexCreated === 'object' || typeof d.$$indexRemoved === 'string') return 'index';
  return null;
}

/** Reads a data file without loading it into NeDB; streamed, so a large file is not held twice. */
export async function checkDataFile(file: string): Promise<DataFileReport> {
  const found = await stat(file).catch(() => null);
  // NeDB would fail on it with a bare EISDIR: say which file and what to do instead.
  if (found?.isDirectory()) throw folderInPlace(file);
  const size = found ? found.size : -1;
  const report: DataFileReport = {
    file,
    exists: size >= 0,
    records: 0,
    damagedLines: [],
    tornTail: false,
    missingFinalNewline: false,
  };
  if (size <= 0) return report;
  const live = new Set<string>();
  let lineNo = 0;
  let lastBad = 0;
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    lineNo += 1;
    if (line === '') continue;
    const read = readLine(line);
    if (read === null) {
      report.damagedLines.push(lineNo);
      lastBad = lineNo;
    } else if (read !== 'index') {
      if (read.deleted) live.delete(read.id);
      else live.add(read.id);
    }
  }
  const handle = await open(file, 'r');
  try {
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    report.missingFinalNewline = last[0] !== 10;
  } finally {
    await handle.close();
  }
  // Only the very last line, with no newline after it, can be a crash mid-append.
  if (report.missingFinalNewline && lastBad === lineNo) {
    report.tornTail = true;
    report.damagedLines.pop();
  }
  report.records = live.size;
  return report;
}

/**
 * Cuts a torn last line off, or ends a whole last line with its newline, so the next append starts a
 * line of its own. Reads only the file's tail; cutting needs no free disk space. Returns the bytes cut.
 */
export async function mendTail(file: string): Promise<number> {
  let handle;
  try {
    handle = await open(file, 'r+');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  try {
    const { size } = await handle.stat();
    const chunk = Buffer.alloc(64 * 1024);
    // Walk back to the last newline: what follows it is the unfinished line.
    let end = size;
    let lineStart = 0;
    while (end > 0) {
      const start = Math.max(0, end - chunk.length);
      const { bytesRead } = await handle.read(chunk, 0, end - start, start);
      const at = chunk.subarray(0, bytesRead).lastIndexOf(10);
      if (at >= 0) {
        lineStart = start + at + 1;
        break;
      }
      end = start;
    }
    if (lineStart === size) return 0;
    const tail = Buffer.alloc(size - lineStart);
    await handle.read(tail, 0, tail.length, lineStart);
    if (readLine(tail.toString('utf8')) !== null) {
      await handle.write('\n', size);
      return 0;
    }
    await handle.truncate(lineStart);
    return size - lineStart;
  } finally {
    await handle.close();
  }
}
