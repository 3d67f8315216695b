import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Cookie signing keys: from SESSION_KEYS, or generated once into DATA_DIR and reused after restarts. */
export async function loadSessionKeys(configured: string | undefined, dataDir: string): Promise<string[]> {
  const fromEnv = configured
    ?.split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (fromEnv?.length) return fromEnv;
  const file = path.join(dataDir, 'session-keys.json');
  try {
    const keys = JSON.parse(await readFile(file, 'utf8')) as unknown;
    if (Array.isArray(keys) && keys.every((k) => typeof k === 'string') && keys.length > 0) return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const keys = [randomBytes(32).toString('base64url')];
  await mkdir(dataDir, { recursive: true });
  // 'wx' so two processes starting at once cannot overwrite each other's key.
  try {
    await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return JSON.parse(await readFile(file, 'utf8')) as string[];
}
