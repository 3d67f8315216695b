import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_STAGED_TAG, pushNotificationSchema, type Project, type PushNotification } from '@shared/api';
import { DEFAULT_PREFERENCES } from '@shared/domain';
import { json, signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { LoopbackPushService } from '../../testing/push-service';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { PUSH_SERVICE_REFUSED } from '../../push';
import { INVALID_PUSH_KEYS } from './push.service';

describe('Web Push over real HTTP, with the worker in this process', () => {
  const service = new LoopbackPushService(() => t.deps.vapid.publicKey);
  beforeAll(() => service.listen());
  afterAll(() => service.close());
  // The loopback push service is allowed as an operator would add one; nothing else inside is.
  const t = useTestApp({ worker: true, env: () => ({ PUSH_SERVICE_ORIGINS: service.url }) });

  const api = (path: string) => `${t.url}/api${path}`;
  const subscribe = (jar: CookieJar, body: unknown) =>
    jar.fetch(api('/push/subscriptions'), json(body, { method: 'POST' }));
  const payloads = (id: string) => service.for(id).map((p) => pushNotificationSchema.parse(p.payload));

  /** A signed-up user with one device subscribed. */
  async function subscribedUser() {
    const { jar, user } = await signUp(t.url);
    const device = service.device();
    expect((await subscribe(jar, device.subscription)).status).toBe(201);
    return { jar, user, device };
  }

  async function stage(jar: CookieJar, name: string): Promise<Project> {
    const created = (await (await postProject(t.url, jar, { fields: { name } })).json()) as Project;
    await waitForFinish(t.url, jar, created.id);
    return created;
  }

  it('gives the public key the browser subscribes with', async () => {
    const res = await fetch(api('/push/public-key'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: t.deps.vapid.publicKey });
  });

  it('saves a device for the signed-in user only, once per endpoint, with keys that can be used', async () => {
    const device = service.device();
    const visitor = await fetch(api('/push/subscriptions'), json(device.subscription, { method: 'POST' }));
    expect(visitor.status).toBe(401);

    const { jar, user } = await signUp(t.url);
    const badKeys = { ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'AAAA' } };
    const refused = await subscribe(jar, badKeys);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: INVALID_PUSH_KEYS });
    expect((await subscribe(jar, { ...device.subscription, endpoint: 'not a url' })).status).toBe(400);

    expect((await subscribe(jar, device.subscription)).status).toBe(201);
    expect((await subscribe(jar, device.subscription)).status).toBe(201);
    expect(await t.deps.repos.pushSubscriptions.listForUser(user.id)).toHaveLength(1);

    // The same browser signed in as someone else: the endpoint is theirs now.
    const other = await signUp(t.url);
    expect((await subscribe(other.jar, device.subscription)).status).toBe(201);
    expect(await t.deps.repos.pushSubscriptions.listForUser(user.id)).toHaveLength(0);
    expect(await t.deps.repos.pushSubscriptions.listForUser(other.user.id)).toHaveLength(1);

    // Removing needs only the endpoint (signing out may have ended the session first).
    const removed = await fetch(
      api('/push/subscriptions'),
      json({ endpoint: device.subscription.endpoint }, { method: 'DELETE', headers: { Origin: t.url } }),
    );
    expect(removed.status).toBe(200);
    expect(await t.deps.repos.pushSubscriptions.listForUser(other.user.id)).toHaveLength(0);
  });

  it('pushes a notification naming the project when it finishes, decrypted by the device', async () => {
    const { jar, device } = await subscribedUser();
    const project = await stage(jar, 'Sunny den');
    await service.until(() => service.for(device.id).length === 1);
    expect(payloads(device.id)).toEqual([
      {
        title: 'Your photo is staged',
        body: '“Sunny den” is ready to view.',
        tag: PUSH_STAGED_TAG,
        url: `/?project=${project.id}`,
        count: 1,
      } satisfies PushNotification,
    ]);
    const [push] = service.for(device.id);
    expect(push?.headers.topic).toBe('staged');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    expect(service.rejected).toEqual([]);
  });

  it('tells a batch as one updated notification (same tag), not one per photo', async () => {
    const { jar, device } = await subscribedUser();
    await stage(jar, 'Kitchen');
    await stage(jar, 'Bedroom');
    await stage(jar, 'Hall');
    await service.until(() => service.for(device.id).length === 3);
    const told = payloads(device.id);
    expect(told.map((p) => p.title)).toEqual([
      'Your photo is staged',
      'Your 2 photos are staged',
      'Your 3 photos are staged',
    ]);
    expect(told.at(-1)).toEqual({
      title: 'Your 3 photos are staged',
      body: '“Hall” and 2 more are ready to view.',
      tag: PUSH_STAGED_TAG,
      url: '/',
      count: 3,
    });
    expect(new Set(told.map((p) => p.tag))).toEqual(new Set([PUSH_STAGED_TAG]));
  });

  it("sends nothing when the user turned in-app 'project completed' notifications off", async () => {
    const quiet = await subscribedUser();
    const off = {
      inAppNotifications: { ...DEFAULT_PREFERENCES.inAppNotifications, project_completed: false },
    };
    expect((await quiet.jar.fetch(api('/user/preferences'), json(off, { method: 'PUT' }))).status).toBe(200);
    await stage(quiet.jar, 'Quiet room');
    // Someone else's staging, finished after it: pushes go out in order, so once theirs has arrived the
    // quiet one has been decided.
    const witness = await subscribedUser();
    await stage(witness.jar, 'Loud room');
    await service.until(() => service.for(witness.device.id).length === 1);
    expect(service.for(quiet.device.id)).toEqual([]);
  });

  it('removes a device the push service says is gone (410), and keeps the others', async () => {
    const { jar, user, device } = await subscribedUser();
    const second = service.device();
    expect((await subscribe(jar, second.subscription)).status).toBe(201);
    service.unsubscribe(device.id);
    await stage(jar, 'Attic');
    await service.until(() => service.for(second.id).length === 1);
    await t.deps.push.settled();
    const left = await t.deps.repos.pushSubscriptions.listForUser(user.id);
    expect(left.map((s) => s.endpoint)).toEqual([second.subscription.endpoint]);
  });

  // Its wait for the push allows 30 s, more than the project's 20 s a test.
  it(
    'a failing push service never breaks the job, and keeps the device for next time',
    { timeout: 60_000 },
    async () => {
      const { jar, user, device } = await subscribedUser();
      service.answer(device.id, 503);
      const refusedBefore = service.gone;
      const project = await stage(jar, 'Cellar');
      // Pushes go out one at a time after the job: on a loaded machine the queue ahead may take a while.
      await service.until(() => service.gone > refusedBefore, 30_000);
      await t.deps.push.settled();
      const stored = await t.deps.repos.projects.findById(project.id);
      expect(stored?.status).toBe('completed');
      expect(await t.deps.repos.pushSubscriptions.listForUser(user.id)).toHaveLength(1);
    },
  );

  it('refuses endpoints inside: loopback, private, link-local (cloud metadata), and not push services', async () => {
    const { jar, user } = await signUp(t.url);
    const { keys } = service.device().subscription;
    for (const endpoint of [
      'http://127.0.0.1:8080/api/admin?x=1',
      'https://localhost/push',
      'https://[::1]/push',
      'https://10.0.0.5/push',
      'https://192.168.1.1/push',
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://fcm.googleapis.com.attacker.example/fcm/send/x',
    ]) {
      const res = await subscribe(jar, { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(await res.json()).toEqual({ error: 'push_service_refused', message: PUSH_SERVICE_REFUSED });
    }
    expect(await t.deps.repos.pushSubscriptions.listForUser(user.id)).toHaveLength(0);
  });

  it('never posts to an internal address saved before, and drops that device', async () => {
    let hits = 0;
    const inside = createServer((_req, res) => (hits++, res.writeHead(201).end()));
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    try {
      const { jar, user } = await signUp(t.url);
      const { keys } = service.device().subscription;
      const endpoint = `http://127.0.0.1:${(inside.address() as AddressInfo).port}/metadata`;
      await t.deps.repos.pushSubscriptions.save(user.id, { endpoint, ...keys });
      await stage(jar, 'Attic');
      await t.deps.push.settled();
      await expect.poll(() => t.deps.repos.pushSubscriptions.listForUser(user.id)).toHaveLength(0);
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => inside.close(() => resolve()));
    }
  });
});
