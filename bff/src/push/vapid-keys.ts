import path from 'node:path';
import webpush from 'web-push';
import { DataFileError, dataFileMadeOnce, parseDataFile, readDataFile, type Config } from '../config';

/** The server's identity towards push services: browsers accept pushes signed with this key pair only. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A way for the push service's operator to reach us: mailto: or https:. */
  subject: string;
}

export const VAPID_FILE = 'vapid.json';

const isKeyPair = (v: unknown): v is Omit<VapidKeys, 'subject'> =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as VapidKeys).publicKey === 'string' &&
  typeof (v as VapidKeys).privateKey === 'string';

const REMEDY =
  'Remove it to make a new pair (each device then turns notifications on again), restore it from a backup, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.';

async function readKeyPair(file: string): Promise<Omit<VapidKeys, 'subject'> | null> {
  const text = await readDataFile(file);
  if (text === null) return null;
  const parsed = parseDataFile(file, text, REMEDY);
  if (isKeyPair(parsed)) return parsed;
  throw new DataFileError(`Stagely will not start: ${file} is not a VAPID key pair. ${REMEDY}`);
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; else a pair made once into DATA_DIR/vapid.json
 * (owner-only) and reused after restarts, since every device's subscription is bound to the public key.
 */
export async function loadVapidKeys(config: Config): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = path.join(config.dataDir, VAPID_FILE);
  // Made once and shared: every device's subscription is bound to the public key.
  const pair = await dataFileMadeOnce(file, readKeyPair, () => webpush.generateVAPIDKeys());
  return { ...pair, subject };
}
