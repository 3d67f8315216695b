import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories, STALE_CLAIM_MS } from '../repositories';
import { DuplicateKeyError } from '../model/types';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('repositories contract');

const person = (email: string) => ({
  email,
  username: email.split('@')[0]!,
  firstName: null,
  lastName: null,
});

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`repositories contract: ${backend.name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await createHarness(backend.name);
    });
    afterEach(() => h.dispose());

    it('creates, finds, updates and deletes users; email is unique and lowercase', async () => {
      const { users } = h.repos;
      const u = await users.create(person(' Ana@Example.com'));
      expect(u).toMatchObject({ email: 'ana@example.com', plan: 'free', identities: [], subscription: null });
      expect((await users.findByEmail('ANA@example.com'))?._id).toBe(u._id);
      await expect(users.create(person('ana@EXAMPLE.com'))).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await users.addIdentity(u._id, { provider: 'github', subject: '42' })).toBe(true);
      await users.addIdentity(u._id, { provider: 'github', subject: '42' });
      expect((await users.findById(u._id))?.identities).toEqual([{ provider: 'github', subject: '42' }]);
      expect((await users.findByIdentity('github', '42'))?._id).toBe(u._id);
      expect(await users.findByIdentity('google', '42')).toBeNull();
      const updated = await users.update(u._id, { firstName: 'Ann', lastName: undefined });
      expect(updated).toMatchObject({ firstName: 'Ann', lastName: null });
      expect(await users.update('missing', { firstName: 'x' })).toBeNull();
      expect(await users.delete(u._id)).toBe(true);
      expect(await users.findById(u._id)).toBeNull();
      expect(await users.delete(u._id)).toBe(false);
    });

    it('keeps the first Stripe customer and never lets older subscription state win', async () => {
      const { users } = h.repos;
      const u = await users.create(person('sub@example.com'));
      const stored = await Promise.all(
        ['cus_a', 'cus_b', 'cus_c'].map((c) => users.setStripeCustomerId(u._id, c)),
      );
      expect(new Set(stored).size).toBe(1);
      expect((await users.findByStripeCustomerId(stored[0]!))?._id).toBe(u._id);
      const newer = {
        id: 'sub_1',
        status: 'active',
        currentPeriodEnd: null,
        updatedAt: new Date('2026-11-02'),
      };
      const older = { ...newer, status: 'incomplete', updatedAt: new Date('2026-11-01') };
      expect(await users.setSubscription(u._id, newer, 'pro')).toBe(true);
      expect(await users.setSubscription(u._id, older, 'free')).toBe(false);
      expect(await users.findById(u._id)).toMatchObject({ plan: 'pro', subscription: { status: 'active' } });
      expect(await users.setSubscription(u._id, null, 'free')).toBe(true);
      expect((await users.findById(u._id))?.plan).toBe('free');
    });

    it('stores preferences per user', async () => {
      const prefs = {
        emailNotifications: { project_completed: false, subscription_updates: true, marketing: false },
        inAppNotifications: { project_completed: true, tips: false },
      };
      expect(await h.repos.preferences.get('u1')).toBeNull();
      await h.repos.preferences.put('u1', prefs);
      await h.repos.preferences.put('u1', prefs);
      expect(await h.repos.preferences.get('u1')).toEqual(prefs);
      await h.repos.preferences.deleteForUser('u1');
      expect(await h.repos.preferences.get('u1')).toBeNull();
    });

    it('expires sessions, keeps odd keys intact and destroys all of a user', async () => {
      const { sessions } = h.repos;
      const data = { userId: 'u-s', createdAt: 1, grant: { 'https://idp.example/claim': 'v', $odd: 1 } };
      await sessions.set('s1', data, 60_000);
      await sessions.set('s2', { userId: 'u-s' }, 60_000);
      await sessions.set('s3', { userId: 'u-s' }, -1);
      await sessions.set('anon', { views: 1 }, 60_000);
      expect(await sessions.get('s1')).toEqual(data);
      expect(await sessions.get('s3')).toBeNull();
      await h.store.collections.sessions.updateMany({ userId: 'u-s' }, { $set: { 'data.createdAt': 7 } });
      expect(await sessions.get('s1')).toMatchObject({ createdAt: 7 });
      expect(await sessions.destroyAllForUser('u-s')).toBe(3);
      expect(await sessions.get('s2')).toBeNull();
      await sessions.destroy('anon');
      expect(await sessions.get('anon')).toBeNull();
    });

    it('reserves credits atomically: 50 concurrent requests with 3 left -> exactly 3', async () => {
      const { usage } = h.repos;
      const results = await Promise.all(
        Array.from({ length: 50 }, () => usage.reserveCredit('u-c', '2026-11', 3, 'p-race')),
      );
      expect(results.filter(Boolean)).toHaveLength(3);
      expect(await usage.getUsed('u-c', '2026-11')).toBe(3);
      await usage.releaseCredit('u-c', '2026-11');
      expect(await usage.getUsed('u-c', '2026-11')).toBe(2);
      expect(await usage.reserveCredit('u-c', '2026-11', 3, 'p-race')).toBe(true);
      expect(await usage.reserveCredit('u-c', '2026-11', 3, 'p-race')).toBe(false);
      expect(await usage.reserveCredit('u-c', '2026-12', 3, 'p-x')).toBe(true);
      expect(await usage.reserveCredit('u-c', '2026-12', 0, 'p-x')).toBe(false);
      const unlimited = await Promise.all(
        Array.from({ length: 10 }, () =>
          usage.reserveCredit('u-pro', '2026-11', Number.POSITIVE_INFINITY, 'p-x'),
        ),
      );
      expect(unlimited.every(Boolean)).toBe(true);
      expect(await usage.getUsed('u-pro', '2026-11')).toBe(10);
      for (let i = 0; i < 5; i++) await usage.releaseCredit('u-none', '2026-11');
      expect(await usage.getUsed('u-none', '2026-11')).toBe(0);
      await usage.deleteForUser('u-c');
      expect(await usage.getUsed('u-c', '2026-12')).toBe(0);
    });

    it('counts free retries per month, beside the credits, on a month with or without a document', async () => {
      const { usage } = h.repos;
      await usage.countFreeRetry('u-free', '2030-03');
      expect(await usage.reserveCredit('u-free', '2030-03', 5, 'p1')).toBe(true);
      await Promise.all([
        usage.countFreeRetry('u-free', '2030-03'),
        usage.countFreeRetry('u-free', '2030-04'),
      ]);
      expect(await usage.getFreeRetries('u-free', '2030-03')).toBe(2);
      expect(await usage.getFreeRetries('u-free', '2030-04')).toBe(1);
      expect(await usage.getFreeRetries('u-free', '2030-05')).toBe(0);
      expect(await usage.getUsed('u-free', '2030-03')).toBe(1);
      expect(await usage.getUsed('u-free', '2030-04')).toBe(0);
    });

    it('reserves several credits all or none: a run never takes more than is left', async () => {
      const { usage } = h.repos;
      expect(await usage.reserveCredit('u-run', '2030-02', 5, 'p0')).toBe(true);
      expect(await usage.reserveCredit('u-run', '2030-02', 5, 'p00')).toBe(true);
      // 3 left: a run of 5 gets nothing and changes nothing.
      expect(await usage.reserveCredits('u-run', '2030-02', 5, ['a', 'b', 'c', 'd', 'e'])).toBe(false);
      expect(await usage.getUsed('u-run', '2030-02')).toBe(2);
      // Two runs of 2 racing for the 3 left: one wins.
      const runs = await Promise.all([
        usage.reserveCredits('u-run', '2030-02', 5, ['x1', 'x2']),
        usage.reserveCredits('u-run', '2030-02', 5, ['y1', 'y2']),
      ]);
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(await usage.getUsed('u-run', '2030-02')).toBe(4);
      expect(await usage.reserveCredits('u-new', '2030-02', 5, ['n1', 'n2', 'n3'])).toBe(true);
      expect(await usage.getUsed('u-new', '2030-02')).toBe(3);
      expect(await usage.reserveCredits('u-pro', '2030-02', Number.POSITIVE_INFINITY, ['q1', 'q2'])).toBe(
        true,
      );
      expect(await usage.refundReservation('u-new', '2030-02', 'n2')).toBe(true);
      expect(await usage.getUsed('u-new', '2030-02')).toBe(2);
    });

    it('keeps each reservation pending until settled; a refund happens once, whoever asks', async () => {
      let clock = new Date('2030-01-01T00:00:00Z');
      const { usage } = createRepositories(h.store, () => clock);
      expect(await usage.reserveCredit('u-r', '2030-01', 5, 'p1')).toBe(true);
      clock = new Date('2030-01-01T00:05:00Z');
      expect(await usage.reserveCredit('u-r', '2030-01', 5, 'p2')).toBe(true);
      expect(await usage.reserveCredit('u-r', '2030-01', 5, 'p3')).toBe(true);
      expect(await usage.getUsed('u-r', '2030-01')).toBe(3);
      await usage.settleReservation('u-r', '2030-01', 'p3');

      const stale = await usage.findStaleReservations(new Date('2030-01-01T00:01:00Z'));
      expect(stale).toEqual([
        { userId: 'u-r', month: '2030-01', projectId: 'p1', at: new Date('2030-01-01T00:00:00Z') },
      ]);
      const all = await usage.findStaleReservations(new Date('2030-01-02T00:00:00Z'));
      expect(all.map((r) => r.projectId).sort()).toEqual(['p1', 'p2']);

      const refunds = await Promise.all(
        Array.from({ length: 5 }, () => usage.refundReservation('u-r', '2030-01', 'p1')),
      );
      expect(refunds.filter(Boolean)).toHaveLength(1);
      expect(await usage.getUsed('u-r', '2030-01')).toBe(2);
      // Settled reservations are not refundable: the project exists.
      expect(await usage.refundReservation('u-r', '2030-01', 'p3')).toBe(false);
      expect(await usage.getUsed('u-r', '2030-01')).toBe(2);
      await usage.settleReservation('u-r', '2030-01', 'p2');
      expect(await usage.findStaleReservations(new Date('2031-01-01T00:00:00Z'))).toEqual([]);
    });

    it('claims an idempotency key once, in parallel and in sequence', async () => {
      const { idempotency } = h.repos;
      const claims = await Promise.all(Array.from({ length: 5 }, () => idempotency.claim('u1', 'key-1')));
      expect(claims.filter((c) => c.state === 'new')).toHaveLength(1);
      expect(await idempotency.claim('u1', 'key-1')).toEqual({ state: 'existing', projectId: null });
      await idempotency.complete('u1', 'key-1', 'project-1');
      for (let i = 0; i < 3; i++)
        expect(await idempotency.claim('u1', 'key-1')).toEqual({ state: 'existing', projectId: 'project-1' });
      expect(await idempotency.claim('u2', 'key-1')).toEqual({ state: 'new' });
      await idempotency.release('u2', 'key-1');
      expect(await idempotency.claim('u2', 'key-1')).toEqual({ state: 'new' });
      // A request that made several projects answers all of them on every repeat.
      expect(await idempotency.claim('u1', 'run-1')).toEqual({ state: 'new' });
      await idempotency.completeMany('u1', 'run-1', ['room-a', 'room-b']);
      expect(await idempotency.claim('u1', 'run-1')).toEqual({
        state: 'existing',
        projectId: 'room-a',
        projectIds: ['room-a', 'room-b'],
      });
      await idempotency.deleteForUser('u1');
      expect(await idempotency.claim('u1', 'key-1')).toEqual({ state: 'new' });
    });

    it('lets a stale claim without a project be taken again, by one caller', async () => {
      let clock = new Date('2030-01-01T00:00:00Z');
      const { idempotency } = createRepositories(h.store, () => clock);
      expect(await idempotency.claim('u1', 'stuck')).toEqual({ state: 'new' });
      clock = new Date(clock.getTime() + STALE_CLAIM_MS / 2);
      expect(await idempotency.claim('u1', 'stuck')).toEqual({ state: 'existing', projectId: null });
      clock = new Date(clock.getTime() + STALE_CLAIM_MS);
      const retakes = await Promise.all(Array.from({ length: 5 }, () => idempotency.claim('u1', 'stuck')));
      expect(retakes.filter((c) => c.state === 'new')).toHaveLength(1);
      await idempotency.complete('u1', 'stuck', 'p9');
      clock = new Date(clock.getTime() + 10 * STALE_CLAIM_MS);
      expect(await idempotency.claim('u1', 'stuck')).toEqual({ state: 'existing', projectId: 'p9' });
    });

    it('processes a webhook event once, even when deliveries race', async () => {
      const { webhookEvents } = h.repos;
      const firsts = await Promise.all(Array.from({ length: 5 }, () => webhookEvents.markProcessed('evt_1')));
      expect(firsts.filter(Boolean)).toHaveLength(1);
      expect(await webhookEvents.markProcessed('evt_1')).toBe(false);
      await webhookEvents.forget('evt_1');
      expect(await webhookEvents.markProcessed('evt_1')).toBe(true);
    });

    it('counts rate-limit hits in a sliding window, in parallel too, and resets', async () => {
      const { rateLimits } = h.repos;
      const at = new Date('2030-01-01T00:00:10Z');
      const hits = await Promise.all(
        Array.from({ length: 5 }, () => rateLimits.hit('login:ip', 60_000, 3, at)),
      );
      expect(hits.filter((r) => r.allowed)).toHaveLength(3);
      expect(
        hits
          .filter((r) => r.allowed)
          .map((r) => r.remaining)
          .sort(),
      ).toEqual([0, 1, 2]);
      // The 3 hits at 0:10 weigh until a third of them has slid out of the last minute, at 1:20.
      expect(hits.find((r) => !r.allowed)?.retryAfterSeconds).toBe(70);
      expect((await rateLimits.hit('login:other', 60_000, 3, at)).allowed).toBe(true);
      // Refused hits are not counted: the wait does not grow while a client keeps trying.
      const early = await rateLimits.hit('login:ip', 60_000, 3, new Date('2030-01-01T00:01:01Z'));
      expect(early).toMatchObject({ allowed: false, retryAfterSeconds: 19 });
      expect(await rateLimits.hit('login:ip', 60_000, 3, new Date('2030-01-01T00:01:21Z'))).toMatchObject({
        allowed: true,
      });
      await rateLimits.reset('login:ip');
      expect(await rateLimits.hit('login:ip', 60_000, 3, at)).toMatchObject({ allowed: true, remaining: 2 });
    });

    it('never lets twice the limit through across a window boundary', async () => {
      const { rateLimits } = h.repos;
      let allowed = 0;
      for (const at of ['00:00:59.0', '00:00:59.5', '00:00:59.9', '00:01:00.1', '00:01:00.5', '00:01:01'])
        if ((await rateLimits.hit('demo:ip', 60_000, 3, new Date(`2030-01-01T${at}Z`))).allowed) allowed += 1;
      expect(allowed).toBe(3);
    });

    it('stores a contact message once per client id, even in parallel', async () => {
      const msg = {
        name: 'Ana',
        email: 'ana@example.com',
        subject: 'Hello',
        message: 'Hi there',
        category: 'general' as const,
        userId: null,
      };
      const before = await h.repos.contactMessages.count();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => h.repos.contactMessages.insertOnce('c-once-1', msg)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await h.repos.contactMessages.findByKey('c-once-1')).toMatchObject({ subject: 'Hello' });
      expect(await h.repos.contactMessages.findByKey('c-never')).toBeNull();
      await h.repos.contactMessages.insert(msg);
      expect(await h.repos.contactMessages.count()).toBe(before + 2);
    });
  });
}
