import path from 'node:path';
import { DataFileError, dataFileMadeOnce, parseDataFile, readDataFile, type Config } from '../../config';
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
  const keys = await dataFileMadeOnce(file, readKeys, () => makeSelfIssued(PRODUCT_NAME));
  return { ...keys, selfIssued: true };
}
