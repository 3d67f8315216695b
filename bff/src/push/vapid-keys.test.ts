import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../config';
import { loadVapidKeys, VAPID_FILE } from './vapid-keys';

describe('VAPID keys', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const configIn = async (env: Record<string, string> = {}) => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-vapid-'));
    return loadConfig({ DATA_DIR: dir, ...env });
  };

  it('are made once into DATA_DIR (owner-only), the same after a restart and when two start at once', async () => {
    const config = await configIn({ SUPPORT_EMAIL: 'help@example.com' });
    const [first, second] = await Promise.all([loadVapidKeys(config), loadVapidKeys(config)]);
    expect(second).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(first.subject).toBe('mailto:help@example.com');
    const file = path.join(dir, VAPID_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(await loadVapidKeys(config)).toEqual(first);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, and nothing is written', async () => {
    const pair = webpush.generateVAPIDKeys();
    const config = await configIn({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://stagely.example',
    });
    expect(await loadVapidKeys(config)).toEqual({ ...pair, subject: 'https://stagely.example' });
    await expect(stat(path.join(dir, VAPID_FILE))).rejects.toThrow();
  });

  it('refuse half a pair, a malformed key and a subject that is not mailto: or https:', () => {
    const pair = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/set both/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: must be a P-256 public key/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
