import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';

/** A browser's side of a push subscription: its own P-256 key pair and auth secret, as PushManager makes. */
export class PushDevice {
  private readonly ecdh = createECDH('prime256v1');
  readonly publicKey: Buffer;
  readonly authSecret = randomBytes(16);

  constructor() {
    this.publicKey = this.ecdh.generateKeys();
  }

  /** What `PushSubscription.toJSON()` gives for `endpoint`. */
  subscription(endpoint: string) {
    return {
      endpoint,
      expirationTime: null,
      keys: { p256dh: this.publicKey.toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /**
   * Decrypts an `aes128gcm` body (RFC 8188 framing, RFC 8291 keys): salt, record size and the sender's
   * one-off public key in the header, then one record ending with the 0x02 padding delimiter.
   */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    if (body.readUInt32BE(16) < record.length) throw new Error('push body: more than one record');
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('push body: no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>`: the key is `serverKey`, and the ES256 JWT is signed by
 * it. Returns the claims; throws when anything is off.
 */
export function verifyVapid(authorization: string | undefined, serverKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt = '', key = ''] = match;
  if (key !== serverKey) throw new Error('VAPID key is not the server key');
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`VAPID alg ${alg}`);
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const sig = Buffer.from(signature, 'base64url');
  if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, sig))
    throw new Error('VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}
