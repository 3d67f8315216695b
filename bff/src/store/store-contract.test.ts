import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories, openStore, type Repositories, type Store } from './index';
import { DuplicateKeyError } from './types';

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri)
  console.log('store contract: MongoDB suite skipped (set MONGODB_URI to run it against a real server)');

const backends = [
  { name: 'nedb', enabled: true },
  { name: 'mongodb', enabled: Boolean(mongoUri) },
] as const;

const newProject = (ownerId: string | null, extra: Record<string, unknown> = {}) => ({
  ownerId,
  name: 'Living Room - Nov 22, 2026',
  stagingMode: 'stage' as const,
  roomType: 'living-room' as const,
  stylePreset: 'modern' as const,
  colorPalette: 'neutral-warm' as const,
  customPrompt: null,
  engine: 'preview' as const,
  images: { original: 'projects/x/original.jpg', thumb: 'projects/x/thumb.webp', staged: [] },
  width: 100,
  height: 75,
  creditMonth: null,
  expiresAt: null,
  ...extra,
});

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`store contract: ${backend.name}`, () => {
    let dir: string;
    let store: Store;
    let repos: Repositories;
    const open = () =>
      openStore({
        dataDir: dir,
        mongodbUri: backend.name === 'mongodb' ? mongoUri : undefined,
        mongodbDb: `stagely_test_${process.pid}`,
      });

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-store-'));
      store = await open();
      repos = createRepositories(store);
    });
    afterAll(async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('creates, finds, updates and deletes users; email is unique', async () => {
      const u = await repos.users.create({
        email: 'Ana@Example.com',
        username: 'ana',
        firstName: 'Ana',
        lastName: null,
      });
      expect(u.email).toBe('ana@example.com');
      expect(typeof u._id).toBe('string');
      expect((await repos.users.findByEmail('ANA@example.com'))?._id).toBe(u._id);
      await expect(
        repos.users.create({ email: 'ana@example.com', username: 'x', firstName: null, lastName: null }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      await repos.users.addIdentity(u._id, { provider: 'github', subject: '42' });
      expect((await repos.users.findByIdentity('github', '42'))?._id).toBe(u._id);
      expect(await repos.users.findByIdentity('github', '43')).toBeNull();
      expect((await repos.users.update(u._id, { firstName: 'Ann' }))?.firstName).toBe('Ann');
      expect(await repos.users.delete(u._id)).toBe(true);
      expect(await repos.users.findById(u._id)).toBeNull();
    });

    it('never lets an older subscription state overwrite a newer one', async () => {
      const u = await repos.users.create({
        email: 'sub@example.com',
        username: 'sub',
        firstName: null,
        lastName: null,
      });
      const newer = {
        id: 'sub_1',
        status: 'active',
        currentPeriodEnd: null,
        updatedAt: new Date('2026-11-02'),
      };
      const older = { ...newer, status: 'incomplete', updatedAt: new Date('2026-11-01') };
      expect(await repos.users.setSubscription(u._id, newer, 'pro')).toBe(true);
      expect(await repos.users.setSubscription(u._id, older, 'free')).toBe(false);
      expect((await repos.users.findById(u._id))?.plan).toBe('pro');
    });

    it('reserves credits atomically: 50 concurrent requests with 3 left -> exactly 3', async () => {
      const results = await Promise.all(
        Array.from({ length: 50 }, () => repos.usage.reserveCredit('u-credits', '2026-11', 3)),
      );
      expect(results.filter(Boolean)).toHaveLength(3);
      expect(await repos.usage.getUsed('u-credits', '2026-11')).toBe(3);
      await repos.usage.releaseCredit('u-credits', '2026-11');
      expect(await repos.usage.getUsed('u-credits', '2026-11')).toBe(2);
      expect(await repos.usage.reserveCredit('u-credits', '2026-12', 3)).toBe(true);
      for (let i = 0; i < 5; i++) await repos.usage.releaseCredit('u-none', '2026-11');
      expect(await repos.usage.getUsed('u-none', '2026-11')).toBe(0);
    });

    it('claims an idempotency key once, even in parallel', async () => {
      const claims = await Promise.all(
        Array.from({ length: 5 }, () => repos.idempotency.claim('u1', 'key-1')),
      );
      expect(claims.filter((c) => c.state === 'new')).toHaveLength(1);
      await repos.idempotency.complete('u1', 'key-1', 'project-1');
      expect(await repos.idempotency.claim('u1', 'key-1')).toEqual({
        state: 'existing',
        projectId: 'project-1',
      });
      expect(await repos.idempotency.claim('u2', 'key-1')).toEqual({ state: 'new' });
      await repos.idempotency.release('u2', 'key-1');
      expect(await repos.idempotency.claim('u2', 'key-1')).toEqual({ state: 'new' });
    });

    it('hands each job to exactly one of 10 racing workers', async () => {
      const ids = await Promise.all(
        [1, 2, 3].map(() => repos.projects.insert(newProject('race-owner')).then((p) => p._id)),
      );
      const claimed = await Promise.all(
        Array.from({ length: 10 }, (_, i) => repos.projects.claimNext(`w${i}`, 60_000)),
      );
      const got = claimed.filter((p) => p !== null).map((p) => p._id);
      expect(got.sort()).toEqual([...ids].sort());
      for (const p of claimed.filter((x) => x !== null)) expect(p.status).toBe('processing');
      expect(await repos.projects.claimNext('late', 60_000)).toBeNull();
      // Finish them so later tests with a moved clock do not see their leases expire.
      for (const p of claimed.filter((x) => x !== null))
        expect(await repos.projects.complete(p._id, p.workerId!, [])).toBe(true);
    });

    it('re-claims a job whose lease expired and ignores the old worker afterwards', async () => {
      let clock = new Date('2030-01-01T00:00:00Z');
      const timed = createRepositories(store, () => clock);
      const p = await timed.projects.insert(newProject('lease-owner'));
      const first = await timed.projects.claimNext('crashed', 1000);
      expect(first?._id).toBe(p._id);
      expect(await timed.projects.claimNext('other', 1000)).toBeNull();
      clock = new Date(clock.getTime() + 5000);
      const second = await timed.projects.claimNext('rescuer', 1000);
      expect(second?._id).toBe(p._id);
      expect(second?.attempts).toBe(2);
      expect(await timed.projects.complete(p._id, 'crashed', ['k'])).toBe(false);
      expect(await timed.projects.complete(p._id, 'rescuer', ['projects/x/staged-0.jpg'])).toBe(true);
      expect(await timed.projects.complete(p._id, 'rescuer', ['again'])).toBe(false);
      const done = await timed.projects.findById(p._id);
      expect(done).toMatchObject({
        status: 'completed',
        progress: 100,
        images: { staged: ['projects/x/staged-0.jpg'] },
      });
    });

    it('scopes projects to their owner and hides expired demos', async () => {
      const mine = await repos.projects.insert(newProject('owner-a'));
      expect(await repos.projects.findForOwner('owner-b', mine._id)).toBeNull();
      expect((await repos.projects.listForOwner('owner-a')).map((p) => p._id)).toContain(mine._id);
      expect(await repos.projects.deleteForOwner('owner-b', mine._id)).toBeNull();
      expect((await repos.projects.deleteForOwner('owner-a', mine._id))?._id).toBe(mine._id);
      const demo = await repos.projects.insert(newProject(null, { expiresAt: new Date(Date.now() - 1000) }));
      expect(await repos.projects.findById(demo._id)).toBeNull();
      expect((await repos.projects.findExpired()).map((p) => p._id)).toContain(demo._id);
    });

    it('expires sessions and destroys all of a user', async () => {
      await repos.sessions.set('s1', { userId: 'u-s', createdAt: 1 }, 60_000);
      await repos.sessions.set('s2', { userId: 'u-s' }, 60_000);
      await repos.sessions.set('s3', { userId: 'u-s' }, -1);
      expect(await repos.sessions.get('s1')).toMatchObject({ userId: 'u-s' });
      expect(await repos.sessions.get('s3')).toBeNull();
      expect(await repos.sessions.destroyAllForUser('u-s')).toBeGreaterThanOrEqual(2);
      expect(await repos.sessions.get('s2')).toBeNull();
    });

    it('processes a webhook event once', async () => {
      expect(await repos.webhookEvents.markProcessed('evt_1')).toBe(true);
      expect(await repos.webhookEvents.markProcessed('evt_1')).toBe(false);
    });

    it('counts rate-limit hits per fixed window, in parallel too', async () => {
      const now = new Date('2030-01-01T00:00:10Z');
      const hits = await Promise.all(
        Array.from({ length: 5 }, () => repos.rateLimits.hit('login:ip', 60_000, 3, now)),
      );
      expect(hits.filter((h) => h.allowed)).toHaveLength(3);
      expect(hits.find((h) => !h.allowed)?.retryAfterSeconds).toBe(50);
      expect(
        (await repos.rateLimits.hit('login:ip', 60_000, 3, new Date('2030-01-01T00:01:01Z'))).allowed,
      ).toBe(true);
    });

    it('stores blobs with their type, deletes by prefix, refuses escaping keys', async () => {
      await store.blobs.put('projects/p1/original.jpg', Buffer.from('jpeg'), 'image/jpeg');
      await store.blobs.put('projects/p1/thumb.webp', Buffer.from('webp'), 'image/webp');
      expect(await store.blobs.get('projects/p1/original.jpg')).toMatchObject({
        contentType: 'image/jpeg',
        size: 4,
      });
      await store.blobs.deletePrefix('projects/p1/');
      expect(await store.blobs.get('projects/p1/thumb.webp')).toBeNull();
      for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b']) {
        await expect(store.blobs.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
      }
    });

    it('keeps data across a restart', async () => {
      const u = await repos.users.create({
        email: 'persist@example.com',
        username: 'p',
        firstName: null,
        lastName: null,
      });
      await store.blobs.put('profile/persist.webp', Buffer.from('img'), 'image/webp');
      await store.close();
      store = await open();
      repos = createRepositories(store);
      expect((await repos.users.findById(u._id))?.email).toBe('persist@example.com');
      expect((await store.blobs.get('profile/persist.webp'))?.data.toString()).toBe('img');
    });
  });
}
