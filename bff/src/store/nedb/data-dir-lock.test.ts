import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock';
import { openStore } from '../open-store';

const lockOf = (pid: number) => JSON.stringify({ pid, host: os.hostname(), token: 'other' });

describe('DATA_DIR lock (embedded store: one process)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('refuses a directory held by another live process', async () => {
    // The parent of this test process is alive, on this host, and not us.
    await writeFile(path.join(dir, 'LOCK'), lockOf(process.ppid));
    await expect(acquireDataDirLock(dir, 300)).rejects.toThrow(/in use by another Stagely process/);
  });

  it('takes over the lock of a process that died (SIGKILL leaves it behind)', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(path.join(dir, 'LOCK'), lockOf(dead));
    const release = await acquireDataDirLock(dir, 300);
    expect(JSON.parse(await readFile(path.join(dir, 'LOCK'), 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
    await expect(readFile(path.join(dir, 'LOCK'))).rejects.toThrow();
  });

  it('treats a lock nobody refreshed for a while as stale, whatever its pid', async () => {
    await writeFile(path.join(dir, 'LOCK'), lockOf(process.ppid));
    const old = new Date(Date.now() - 60_000);
    await utimes(path.join(dir, 'LOCK'), old, old);
    const release = await acquireDataDirLock(dir, 300);
    await release();
  });

  it('is taken by openStore and given back by close', async () => {
    const store = await openStore({ dataDir: dir });
    expect(JSON.parse(await readFile(path.join(dir, 'db', 'LOCK'), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    await store.close();
    await store.close();
    await expect(readFile(path.join(dir, 'db', 'LOCK'))).rejects.toThrow();
  });
});
