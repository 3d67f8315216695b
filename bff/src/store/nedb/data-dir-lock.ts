import { randomUUID } from 'node:crypto';
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const HEARTBEAT_MS = 5_000;
/** A lock whose holder stopped touching it for this long is stale even if its pid now names another process. */
const STALE_MS = 4 * HEARTBEAT_MS;
const RETRY_MS = 200;

interface LockInfo {
  pid: number;
  host: string;
  token: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readLock(file: string): Promise<{ info: LockInfo | null; ageMs: number } | null> {
  try {
    const [text, st] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    let info: LockInfo | null = null;
    try {
      info = JSON.parse(text) as LockInfo;
    } catch {
      info = null;
    }
    return { info, ageMs: Date.now() - st.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function isStale(lock: { info: LockInfo | null; ageMs: number }): boolean {
  const { info, ageMs } = lock;
  if (ageMs > STALE_MS) return true;
  // An unreadable lock may be one being written this instant; only an old one is garbage.
  if (!info) return ageMs > 1_000;
  if (info.host !== os.hostname()) return false;
  // The same process may reopen its own store (tests simulate restarts that way).
  return info.pid === process.pid || !alive(info.pid);
}

/**
 * NeDB keeps each collection in memory, so two processes on one DATA_DIR would silently overwrite each
 * other. This lock file refuses a second process; a crashed holder's lock is taken over at once.
 * Resolves to the release function.
 */
export async function acquireDataDirLock(dir: string, waitMs = 8_000): Promise<() => Promise<void>> {
  const file = path.join(dir, 'LOCK');
  const info: LockInfo = { pid: process.pid, host: os.hostname(), token: randomUUID() };
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await writeFile(file, JSON.stringify(info), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = await readLock(file);
    if (!current || isStale(current)) {
      await rm(file, { force: true });
      continue;
    }
    // A restarting holder (e.g. `tsx watch`) may still be shutting down: give it a moment.
    if (Date.now() > deadline) {
      throw new Error(
        `${dir} is in use by another Stagely process (pid ${current.info?.pid}). The embedded store ` +
          'serves one process; set MONGODB_URI to run several, or delete the LOCK file if that process is gone.',
      );
    }
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
  const heartbeat = setInterval(() => {
    const t = new Date();
    utimes(file, t, t).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return async () => {
    clearInterval(heartbeat);
    const current = await readLock(file);
    if (current?.info?.token === info.token) await rm(file, { force: true });
  };
}
