import { createHash, randomBytes } from 'node:crypto';

/** What is stored of a mailed link's token: its digest, so a copy of the store opens nothing. */
export const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A fresh token for a link mailed to an account (reset, sign-up, email change) and its digest. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: digest(token) };
}
