import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const SCRYPT: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: BinaryLike): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, SCRYPT, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return { hash: key.toString('hex'), salt: salt.toString('hex') };
}

export async function verifyPassword(password: string, hash: string, salt: string): Promise<boolean> {
  const key = await derive(password, Buffer.from(salt, 'hex'));
  const expected = Buffer.from(hash, 'hex');
  return expected.length === key.length && timingSafeEqual(key, expected);
}

/** Spent on unknown emails so a wrong email and a wrong password take the same time. */
const DUMMY = { hash: '00'.repeat(KEY_LENGTH), salt: '00'.repeat(16) };
export async function burnPasswordCheck(password: string): Promise<false> {
  await verifyPassword(password, DUMMY.hash, DUMMY.salt);
  return false;
}

/** Beyond the schema's length rule: refuse passwords of one character class only. */
export function weakPasswordReason(password: string): string | null {
  if (password.length < 8) return 'Please choose a password of at least 8 characters.';
  if (/^[a-zA-Z]+$/.test(password) || /^\d+$/.test(password)) {
    return 'Please choose a stronger password: mix letters with numbers or symbols.';
  }
  return null;
}
