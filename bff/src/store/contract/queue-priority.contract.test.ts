import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRIORITY_HEAD_START_SECONDS } from '@shared/domain';
import type { JobDoc } from '../model/documents';
import { createRepositories, type Repositories } from '../repositories';
import type { DocCollection } from '../model/types';
import { BACKENDS, announceSkips, createHarness, testProject, type Harness } from './harness';

announceSkips('queue priority contract');

const T0 = new Date('2030-01-01T00:00:00Z');
const HEAD_START_MS = PRIORITY_HEAD_START_SECONDS * 1000;

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`queue priority contract: ${backend.name}`, () => {
    let h: Harness;
    let clock: Date;
    let repos: Repositories;
    const at = (ms: number) => new Date(T0.getTime() + ms);
    const queue = async (owner: string | null, priority: 'pro' | 'free' | 'demo', ms: number) => {
      clock = at(ms);
      return (await repos.projects.insert(testProject(owner, { priority })))._id;
    };
    /** One worker: claims, finishes at once, claims again, until the queue is empty. */
    const drain = async (when: Date) => {
      const order: string[] = [];
      for (let p = await repos.projects.claimNext('w', when, 60_000); p;) {
        order.push(p._id);
        await repos.projects.complete(p._id, 'w', ['done.jpg']);
        p = await repos.projects.claimNext('w', when, 60_000);
      }
      return order;
    };
    beforeEach(async () => {
      h = await createHarness(backend.name);
      clock = T0;
      repos = createRepositories(h.store, () => clock);
    });
    afterEach(() => h.dispose());

    it('takes a Pro job submitted after 20 free ones first, then the free ones in order, the demo last', async () => {
      const demo = await queue(null, 'demo', 0);
      const free: string[] = [];
      for (let i = 1; i <= 20; i++) free.push(await queue('free-user', 'free', i * 1000));
      const pro = await queue('pro-user', 'pro', 21_000);
      expect(await drain(at(22_000))).toEqual([pro, ...free, demo]);
    });

    it(`never lets a Pro job submitted more than ${PRIORITY_HEAD_START_SECONDS} s after a free job pass it`, async () => {
      const free = await queue('free-user', 'free', 0);
      const justInTime = await queue('pro-user', 'pro', HEAD_START_MS - 1);
      const tooLate = await queue('pro-user', 'pro', HEAD_START_MS + 1);
      expect(await drain(at(HEAD_START_MS + 2))).toEqual([justInTime, free, tooLate]);
    });

    it("bounds a free job's wait while Pro jobs keep arriving faster than one worker stages them", async () => {
      // Each staging takes 10 s; a Pro job arrives every 5 s, so Pro work alone never runs out.
      const STAGING_MS = 10_000;
      let t = 0;
      let nextPro = 0;
      await queue('pro-user', 'pro', t);
      const free = await queue('free-user', 'free', t);
      let freeStartedAt: number | null = null;
      while (freeStartedAt === null && t < 10 * HEAD_START_MS) {
        for (; nextPro <= t; nextPro += 5000) await queue('pro-user', 'pro', nextPro);
        const p = await repos.projects.claimNext('w', at(t), 60_000);
        if (!p) throw new Error('the queue ran dry');
        if (p._id === free) freeStartedAt = t;
        t += STAGING_MS;
        await repos.projects.complete(p._id, 'w', ['done.jpg']);
      }
      // Only Pro jobs submitted within the head start after it (and one already running) go first.
      expect(freeStartedAt).not.toBeNull();
      expect(freeStartedAt).toBeLessThanOrEqual((HEAD_START_MS / 5000 + 2) * STAGING_MS);
    });

    it('hands each job to exactly one of several racing workers, Pro jobs first', async () => {
      const free = [await queue('f', 'free', 0), await queue('f', 'free', 1), await queue('f', 'free', 2)];
      const pro = [await queue('p', 'pro', 3), await queue('p', 'pro', 4)];
      const first = await Promise.all(['w1', 'w2'].map((w) => repos.projects.claimNext(w, at(10), 60_000)));
      expect(first.map((p) => p?._id).sort()).toEqual([...pro].sort());
      const rest = await Promise.all(
        ['w3', 'w4', 'w5', 'w6'].map((w) => repos.projects.claimNext(w, at(10), 60_000)),
      );
      expect(rest.flatMap((p) => (p ? [p._id] : [])).sort()).toEqual([...free].sort());
      // A job whose lease ran out keeps its rank: the dead worker's Pro job goes before the free ones.
      await repos.projects.complete(free[0] ?? '', 'w3', ['done.jpg']);
      const expired = await repos.projects.claimNext('rescuer', at(60_011), 60_000);
      expect(pro).toContain(expired?._id);
    });

    it('moves an owner who became Pro ahead: their waiting jobs only, once', async () => {
      const other = await queue('someone', 'free', 0);
      const running = await queue('upgraded', 'free', 1000);
      const waiting = await queue('upgraded', 'free', 2000);
      expect((await repos.projects.claimNext('w', at(3000), 60_000))?._id).toBe(other);
      await repos.projects.complete(other, 'w', ['done.jpg']);
      expect((await repos.projects.claimNext('w', at(3000), 60_000))?._id).toBe(running);
      const later = await queue('someone', 'free', 1500);
      expect(await repos.projects.promoteOwner('upgraded')).toBe(1);
      expect(await repos.projects.promoteOwner('upgraded')).toBe(0);
      expect(await h.store.collections.jobs.findOne({ _id: running })).toMatchObject({ priority: 'free' });
      expect(await drain(at(4000))).toEqual([waiting, later]);
    });

    it('ranks jobs queued before priorities as free ones at start-up', async () => {
      const raw = h.store.collections.jobs as unknown as DocCollection<Partial<JobDoc> & { _id: string }>;
      const old = await queue('owner', 'free', 0);
      await raw.updateOne({ _id: old }, { $unset: { priority: '', rankAt: '' } });
      const pro = await queue('p', 'pro', 1000);
      await h.restart();
      repos = createRepositories(h.store, () => clock);
      expect(await h.store.collections.jobs.findOne({ _id: old })).toMatchObject({
        priority: 'free',
        rankAt: T0,
      });
      expect(await drain(at(2000))).toEqual([pro, old]);
    });
  });
}
