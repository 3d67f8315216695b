import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint's signing secret, as Standard Webhooks writes it: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = (): string => SECRET_PREFIX + randomBytes(24).toString('base64');

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the secret's bytes as the key. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(SECRET_PREFIX, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** What a receiver does: one of the space-separated signatures matches, and the timestamp is recent. */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, timestamp, body));
  return headers.signature.split(' ').some((given) => {
    const got = Buffer.from(given);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
