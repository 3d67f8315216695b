import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DataFileError, parseDataFile, readDataFile } from '../../config';

const REMEDY =
  'Remove it to make a new key (everyone then signs in again), restore it from a backup, or set SESSION_KEYS.';

/** The stored keys, or null when there is no file yet. */
async function readKeys(file: string): Promise<string[] | null> {
  const text = await readDataFile(file);
  if (text === null) return null;
  const keys = parseDataFile(file, text, REMEDY);
  if (Array.isArray(keys) && keys.length > 0 && keys.every((k) => typeof k === 'string' && k.length > 0))
    return keys as string[];
  throw new DataFileError(`Stagely will not start: ${file} is not a list of session keys. ${REMEDY}`);
}

/** Cookie signing keys: from SESSION_KEYS, or generated once into DATA_DIR and reused after restarts. */
export async function loadSessionKeys(configured: string | undefined, dataDir: string): Promise<string[]> {
  const fromEnv = configured
    ?.split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (fromEnv?.length) return fromEnv;
  const file = path.join(dataDir, 'session-keys.json');
  const stored = await readKeys(file);
  if (stored) return stored;
  const keys = [randomBytes(32).toString('base64url')];
  await mkdir(dataDir, { recursive: true });
  // 'wx' so two processes starting at once cannot overwrite each other's key.
  try {
    await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const written = await readKeys(file);
  if (!written) throw new DataFileError(`Stagely will not start: ${file} could not be read back.`);
  return written;
}
