import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { CookieSigner } from './cookie-signer';

describe('CookieSigner', () => {
  const data = 'stagely.sid=8f2c1e0a-5b7d-4c1e-9a3f-2d6b8e4c7a10';

  it('makes the same signatures as Keygrip, so existing sessions stay valid', () => {
    for (const key of ['k1', 'a much longer key with spaces and ünïcode', 'x'.repeat(100)]) {
      expect(new CookieSigner([key]).sign(data)).toBe(new Keygrip([key]).sign(data));
    }
  });

  it('verifies with any key (rotation) and refuses others, tampered data and bad digests', () => {
    const signer = new CookieSigner(['new', 'old']);
    const byOld = new Keygrip(['old']).sign(data);
    expect(signer.index(data, new Keygrip(['new']).sign(data))).toBe(0);
    expect(signer.index(data, byOld)).toBe(1);
    expect(signer.verify(data, new Keygrip(['stolen']).sign(data))).toBe(false);
    expect(signer.verify(`${data}x`, byOld)).toBe(false);
    expect(signer.verify(data, '')).toBe(false);
    expect(signer.verify(data, `${byOld}A`)).toBe(false);
  });

  it('needs a key', () => {
    expect(() => new CookieSigner([])).toThrow(/key/);
  });
});
