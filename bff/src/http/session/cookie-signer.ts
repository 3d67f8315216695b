import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs and checks cookies exactly as Koa's default Keygrip does (HMAC-SHA1, base64url; the first key
 * signs, any key verifies, so keys can rotate), but compares with Node's native constant-time compare:
 * Keygrip's compare draws random bytes and two more HMACs on every signed request.
 */
export class CookieSigner {
  private readonly keys: readonly string[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('At least one cookie signing key is required.');
    this.keys = keys;
  }

  sign(data: string, key: string = this.keys[0] ?? ''): string {
    return createHmac('sha1', key).update(data).digest('base64url');
  }

  /** The index of the key that made `digest`, or -1. */
  index(data: string, digest: string): number {
    const given = Buffer.from(digest);
    return this.keys.findIndex((key) => {
      const expected = Buffer.from(this.sign(data, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }
}
