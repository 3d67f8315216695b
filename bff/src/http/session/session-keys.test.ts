import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSessionKeys } from './session-keys';

describe('session signing keys', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('generates a key once into DATA_DIR (owner-only) and reuses it after a restart', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-keys-'));
    const first = await loadSessionKeys(undefined, dir);
    expect(first).toHaveLength(1);
    expect(first[0]!.length).toBeGreaterThanOrEqual(40);
    const file = path.join(dir, 'session-keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadSessionKeys(undefined, dir)).toEqual(first);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
  });

  it('uses SESSION_KEYS when set, newest first, and writes nothing', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-keys-'));
    expect(await loadSessionKeys(' new-key , old-key ,', dir)).toEqual(['new-key', 'old-key']);
    await expect(stat(path.join(dir, 'session-keys.json'))).rejects.toThrow();
  });
});
