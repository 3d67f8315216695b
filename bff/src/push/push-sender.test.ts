import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { PUSH_STAGED_TAG, type PushNotification } from '@shared/api';
import { LoopbackPushService } from '../testing/push-service';
import { isInternalAddress, publicOnlyLookup, PushEndpoints } from './push-endpoints';
import { createPushSender } from './push-sender';
import type { VapidKeys } from './vapid-keys';

const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@example.com' };
const notification: PushNotification = {
  title: 'Your photo is staged',
  body: '“Sunny den” is ready to view.',
  tag: PUSH_STAGED_TAG,
  url: '/?project=p1',
  count: 1,
};
const options = { topic: 'staged', ttlSeconds: 3600 };
const toSaved = (s: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
  endpoint: s.endpoint,
  ...s.keys,
});

describe('push sender', () => {
  const service = new LoopbackPushService(() => vapid.publicKey);
  beforeAll(() => service.listen());
  afterAll(() => service.close());

  it("encrypts the payload for the device's keys and signs it with the server's VAPID key", async () => {
    const { id, subscription } = service.device();
    const sender = createPushSender(vapid, new PushEndpoints([service.url]));
    expect(await sender.send(toSaved(subscription), notification, options)).toEqual({ kind: 'delivered' });
    const [push] = service.for(id);
    expect(service.rejected).toEqual([]);
    expect(push?.payload).toEqual(notification);
    expect(push?.claims.aud).toBe(new URL(subscription.endpoint).origin);
    expect(push?.claims.sub).toBe('mailto:support@example.com');
    expect(push?.headers.ttl).toBe('3600');
    expect(push?.headers.topic).toBe('staged');
  });

  it('a device that cannot decrypt it (other keys) does not get the payload', async () => {
    const { subscription } = service.device();
    const stranger = service.device();
    const sender = createPushSender(vapid, new PushEndpoints([service.url]));
    // Encrypted for the stranger's keys but sent to the first device's endpoint.
    const wrong = {
      ...toSaved(subscription),
      ...toSaved(stranger.subscription),
      endpoint: subscription.endpoint,
    };
    expect(await sender.send(wrong, notification, options)).toMatchObject({ kind: 'failed' });
    expect(service.rejected.at(-1)).toMatch(/unable to authenticate|bad decrypt|delimiter/i);
  });

  it('reports 410 as gone, so the subscription can be removed', async () => {
    const { id, subscription } = service.device();
    service.unsubscribe(id);
    const sender = createPushSender(vapid, new PushEndpoints([service.url]));
    expect(await sender.send(toSaved(subscription), notification, options)).toEqual({ kind: 'gone' });
    expect(service.for(id)).toEqual([]);
  });

  it('gives up on a push service that hangs, without throwing', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const { subscription } = service.device();
    const sender = createPushSender(vapid, new PushEndpoints([`http://127.0.0.1:${port}`]), 300);
    const startedAt = Date.now();
    const outcome = await sender.send(
      { ...toSaved(subscription), endpoint: `http://127.0.0.1:${port}/push/x` },
      notification,
      options,
    );
    expect(outcome).toMatchObject({ kind: 'failed' });
    expect(Date.now() - startedAt).toBeLessThan(3000);
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it('sends nothing to an endpoint that is not an allowed push service, and calls it gone', async () => {
    const { id, subscription } = service.device();
    // The loopback service is not configured here: as in production, where no one adds it.
    const sender = createPushSender(vapid, new PushEndpoints());
    expect(await sender.send(toSaved(subscription), notification, options)).toEqual({ kind: 'gone' });
    expect(service.for(id)).toEqual([]);
  });
});

describe('push endpoints', () => {
  const endpoints = new PushEndpoints(['http://127.0.0.1:9999']);

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://push.services.mozilla.com/wpush/v1/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'http://127.0.0.1:9999/push/1',
  ])('allows %s', (endpoint) => expect(endpoints.allows(endpoint)).toBe(true));

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com/x',
    'https://notify.windows.com.evil.example/x',
    'http://127.0.0.1:9998/push/1',
    'http://169.254.169.254/latest/meta-data/',
    'https://10.0.0.5/x',
    'https://[::1]/x',
  ])('refuses %s', (endpoint) => expect(endpoints.allows(endpoint)).toBe(false));

  it('knows internal addresses, IPv4-mapped ones included', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
    ])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['142.250.74.106', '2a00:1450:4001:82b::200a', '::ffff:142.250.74.106'])
      expect(isInternalAddress(a), a).toBe(false);
  });

  it('refuses at connection time a name that resolves to an internal address', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(err?.code).toBe('EPUSHINTERNAL');
  });
});
