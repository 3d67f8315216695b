import { randomBytes } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DataFileError, parseDataFile, readDataFile, type Config } from '../../config';
import { makeSelfIssued, type KeyAndChain } from './self-issued';

/** The key altered images are signed with, and whether its certificate is one we issued ourselves. */
export interface SigningKeys extends KeyAndChain {
  /** Made here, not from C2PA_KEY/C2PA_CERT: readers show 'valid but untrusted'. */
  selfIssued: boolean;
}

export const C2PA_KEYS_FILE = 'c2pa.json';
/** Who the self-issued certificate names. */
const PRODUCT_NAME = 'Stagely';

const REMEDY =
  'Remove it to make a new key (files signed before keep their own certificate), restore it from a backup, or set C2PA_KEY and C2PA_CERT.';

const isKeyAndChain = (v: unknown): v is KeyAndChain =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as KeyAndChain).keyPem === 'string' &&
  typeof (v as KeyAndChain).certPem === 'string';

async function readKeys(file: string): Promise<KeyAndChain | null> {
  const text = await readDataFile(file);
  if (text === null) return null;
  const parsed = parseDataFile(file, text, REMEDY);
  if (isKeyAndChain(parsed)) return parsed;
  throw new DataFileError(`Stagely will not start: ${file} is not a C2PA key and certificate. ${REMEDY}`);
}

/**
 * C2PA_KEY and C2PA_CERT when set; else a key and a self-issued certificate made once into
 * DATA_DIR/c2pa.json (owner-only) and reused, so every process signs with the same certificate.
 */
export async function loadSigningKeys(
  config: Pick<Config, 'C2PA_KEY' | 'C2PA_CERT' | 'dataDir'>,
): Promise<SigningKeys> {
  if (config.C2PA_KEY && config.C2PA_CERT)
    return { keyPem: config.C2PA_KEY, certPem: config.C2PA_CERT, selfIssued: false };
  const file = path.join(config.dataDir, C2PA_KEYS_FILE);
  const stored = await readKeys(file);
  if (stored) return { ...stored, selfIssued: true };
  await mkdir(config.dataDir, { recursive: true });
  // Written whole under a temporary name, then linked into place: the first process to link wins.
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(await makeSelfIssued(PRODUCT_NAME)), { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(temp);
  }
  const made = await readKeys(file);
  if (!made) throw new Error(`Could not read ${file} back.`);
  return { ...made, selfIssued: true };
}
