import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories, type Repositories } from '../repositories';
import type { DocCollection } from '../model/types';
import { BACKENDS, announceSkips, createHarness, testProject, type Harness } from './harness';

announceSkips('projects contract');

const newProject = testProject;

const T0 = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`projects contract: ${backend.name}`, () => {
    let h: Harness;
    let clock: Date;
    let repos: Repositories;
    beforeEach(async () => {
      h = await createHarness(backend.name);
      clock = T0;
      repos = createRepositories(h.store, () => clock);
    });
    afterEach(() => h.dispose());

    it('brings projects of earlier releases up to date at start-up: queued, without null fields', async () => {
      const raw = h.store.collections.projects as unknown as DocCollection<
        Record<string, unknown> & { _id: string }
      >;
      const old = (id: string, status: string) => ({
        ...newProject('owner'),
        _id: id,
        status,
        progress: 0,
        error: null,
        attempts: 0,
        leaseUntil: null,
        workerId: null,
        nextAttemptAt: T0,
        expiresAt: null,
        shareToken: null,
        createdAt: T0,
        updatedAt: T0,
        completedAt: null,
      });
      await raw.insertOne(old('old-pending', 'pending'));
      await raw.insertOne(old('old-done', 'completed'));
      await h.restart();
      repos = createRepositories(h.store, () => clock);
      for (const id of ['old-pending', 'old-done']) {
        const doc = await h.store.collections.projects.findOne({ _id: id });
        expect(doc, id).not.toHaveProperty('expiresAt');
        expect(doc, id).not.toHaveProperty('shareToken');
      }
      expect((await repos.projects.claimNext('w', later(1), 60_000))?._id).toBe('old-pending');
      expect(await repos.projects.claimNext('w', later(1), 60_000)).toBeNull();
      expect(await h.store.collections.jobs.countDocuments({})).toBe(1);
      // A second start changes nothing.
      await h.restart();
      expect(await h.store.collections.jobs.countDocuments({})).toBe(1);
    });

    it('keeps the queue to unfinished projects: a finished, failed or deleted one leaves no job', async () => {
      const a = await repos.projects.insert(newProject('owner'));
      clock = later(1);
      const b = await repos.projects.insert(newProject('owner'));
      clock = later(2);
      const c = await repos.projects.insert(newProject('owner'));
      expect(await h.store.collections.jobs.countDocuments({})).toBe(3);
      await repos.projects.claimNext('w', clock, 60_000);
      await repos.projects.complete(a._id, 'w', ['x.jpg']);
      await repos.projects.claimNext('w', clock, 60_000);
      await repos.projects.fail(b._id, 'w', { reason: 'no', creditReturned: false });
      await repos.projects.deleteForOwner('owner', c._id);
      expect(await h.store.collections.jobs.countDocuments({})).toBe(0);
    });

    it('hands each job to exactly one of 10 racing workers, oldest first', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        clock = later(i);
        ids.push((await repos.projects.insert(newProject('owner')))._id);
      }
      clock = later(10);
      const claimed = await Promise.all(
        Array.from({ length: 10 }, (_, i) => repos.projects.claimNext(`w${i}`, clock, 60_000)),
      );
      const got = claimed.filter((p) => p !== null);
      expect(got.map((p) => p._id).sort()).toEqual([...ids].sort());
      for (const p of got)
        expect(p).toMatchObject({ status: 'processing', attempts: 1, leaseUntil: later(60_010) });
      expect(await repos.projects.claimNext('late', clock, 60_000)).toBeNull();
      const next = await repos.projects.insert(newProject('owner'));
      await repos.projects.insert(newProject('owner', { nextAttemptAt: later(1_000_000) }));
      expect((await repos.projects.claimNext('solo', clock, 1000))?._id).toBe(next._id);
    });

    it('re-claims a job whose lease expired, never a live one, and ignores the old worker', async () => {
      const p = await repos.projects.insert(newProject('owner'));
      expect((await repos.projects.claimNext('crashed', clock, 1000))?._id).toBe(p._id);
      expect(await repos.projects.claimNext('other', later(999), 1000)).toBeNull();
      expect(await repos.projects.updateProgress(p._id, 'crashed', 40)).toBe(true);
      const second = await repos.projects.claimNext('rescuer', later(5000), 1000);
      expect(second).toMatchObject({ _id: p._id, attempts: 2, workerId: 'rescuer', progress: 40 });
      expect(await repos.projects.updateProgress(p._id, 'crashed', 90)).toBe(false);
      expect(await repos.projects.renewLease(p._id, 'crashed', 1000)).toBe(false);
      expect(await repos.projects.complete(p._id, 'crashed', ['lost.jpg'])).toBeNull();
      expect(
        await repos.projects.fail(p._id, 'crashed', { reason: 'late', creditReturned: false }),
      ).toBeNull();
      expect(await repos.projects.renewLease(p._id, 'rescuer', 60_000)).toBe(true);
      const done = await repos.projects.complete(p._id, 'rescuer', ['projects/x/staged-0.jpg']);
      expect(done).toMatchObject({
        status: 'completed',
        progress: 100,
        leaseUntil: null,
        images: { original: 'projects/x/original.jpg', staged: ['projects/x/staged-0.jpg'] },
      });
      expect(done?.completedAt).toBeInstanceOf(Date);
      expect(await repos.projects.complete(p._id, 'rescuer', ['again.jpg'])).toBeNull();
      expect(await repos.projects.claimNext('any', later(1e9), 1000)).toBeNull();
    });

    it("keeps a staging's draft only while its worker holds the job: a retry or the completion removes it", async () => {
      const p = await repos.projects.insert(newProject('owner'));
      expect(await repos.projects.saveDraft(p._id, 'w1', ['projects/x/draft-0.jpg'])).toBe(false);
      await repos.projects.claimNext('w1', clock, 60_000);
      clock = later(10);
      expect(await repos.projects.saveDraft(p._id, 'other', ['projects/x/draft-0.jpg'])).toBe(false);
      expect(await repos.projects.saveDraft(p._id, 'w1', ['projects/x/draft-0.jpg'])).toBe(true);
      expect(await repos.projects.findById(p._id)).toMatchObject({
        status: 'processing',
        draft: { staged: ['projects/x/draft-0.jpg'], at: later(10) },
        updatedAt: later(10),
      });
      // The live channel finds it among the owner's changes (a worker in another process).
      const changed = await repos.projects.changedSince(['owner'], later(5));
      expect(changed.find((c) => c._id === p._id)?.draft?.at).toEqual(later(10));
      await repos.projects.retryLater(p._id, 'w1', later(20), 'busy');
      expect((await repos.projects.findById(p._id))?.draft).toBeUndefined();
      await repos.projects.claimNext('w2', later(30), 60_000);
      expect(await repos.projects.saveDraft(p._id, 'w2', ['projects/x/draft-0.jpg'])).toBe(true);
      const done = await repos.projects.complete(p._id, 'w2', ['projects/x/staged-0.jpg']);
      expect(done?.draft).toBeUndefined();
      expect(await repos.projects.saveDraft(p._id, 'w2', ['projects/x/draft-0.jpg'])).toBe(false);
      expect((await repos.projects.findById(p._id))?.draft).toBeUndefined();
    });

    it('retries later, then fails once and refunds the credit once', async () => {
      const p = await repos.projects.insert(newProject('owner', { creditMonth: '2030-01' }));
      await repos.projects.claimNext('w1', clock, 60_000);
      const waiting = await repos.projects.retryLater(p._id, 'w1', later(30_000), 'The AI service is busy.');
      expect(waiting).toMatchObject({ status: 'pending', workerId: null, error: 'The AI service is busy.' });
      expect(await repos.projects.claimNext('w2', later(29_999), 60_000)).toBeNull();
      const again = await repos.projects.claimNext('w2', later(30_000), 60_000);
      expect(again).toMatchObject({ _id: p._id, attempts: 2 });
      const failed = await repos.projects.fail(p._id, 'w2', {
        reason: 'Staging failed.',
        creditReturned: false,
      });
      expect(failed).toMatchObject({
        status: 'failed',
        error: 'Staging failed.',
        failure: { reason: 'Staging failed.', creditReturned: false },
        creditMonth: '2030-01',
      });
      const refunds = await Promise.all([1, 2, 3].map(() => repos.projects.takeCreditForRefund(p._id)));
      expect(refunds.filter((r) => r !== null)).toEqual([{ ownerId: 'owner', creditMonth: '2030-01' }]);
      expect(await repos.projects.claimNext('w3', later(1e9), 60_000)).toBeNull();
    });

    it('scopes projects to their owner, newest first', async () => {
      const a1 = await repos.projects.insert(newProject('owner-a'));
      clock = later(1000);
      const a2 = await repos.projects.insert(newProject('owner-a'));
      const b1 = await repos.projects.insert(newProject('owner-b'));
      expect((await repos.projects.listForOwner('owner-a')).map((p) => p._id)).toEqual([a2._id, a1._id]);
      expect((await repos.projects.listForOwner('owner-a', 1)).map((p) => p._id)).toEqual([a2._id]);
      expect(await repos.projects.findForOwner('owner-b', a1._id)).toBeNull();
      expect((await repos.projects.findForOwner('owner-a', a1._id))?._id).toBe(a1._id);
      expect(await repos.projects.deleteForOwner('owner-b', a1._id)).toBeNull();
      expect((await repos.projects.deleteForOwner('owner-a', a1._id))?._id).toBe(a1._id);
      expect(await repos.projects.findById(a1._id)).toBeNull();
      const all = await repos.projects.deleteAllForOwner('owner-a');
      expect(all.map((p) => p._id)).toEqual([a2._id]);
      expect(await repos.projects.listForOwner('owner-a')).toEqual([]);
      expect((await repos.projects.findById(b1._id))?._id).toBe(b1._id);
    });

    it('hides, skips and sweeps expired demo projects', async () => {
      const demo = await repos.projects.insert(newProject(null, { expiresAt: later(24 * 3600_000) }));
      const fresh = await repos.projects.insert(newProject(null, { expiresAt: later(48 * 3600_000) }));
      expect((await repos.projects.findById(demo._id))?._id).toBe(demo._id);
      clock = later(24 * 3600_000 + 1);
      expect(await repos.projects.findById(demo._id)).toBeNull();
      expect((await repos.projects.claimNext('w', clock, 1000))?._id).toBe(fresh._id);
      expect((await repos.projects.findExpiredDemos()).map((p) => p._id)).toEqual([demo._id]);
      expect(await repos.projects.deleteExpiredDemo(fresh._id)).toBe(false);
      expect(await repos.projects.deleteExpiredDemo(demo._id)).toBe(true);
      expect(await repos.projects.findExpiredDemos()).toEqual([]);
      expect(await repos.projects.takeCreditForRefund(fresh._id)).toBeNull();
    });

    it('shares a project by token only while it is shared', async () => {
      const p = await repos.projects.insert(newProject('owner'));
      expect(await repos.projects.setShareToken('intruder', p._id, 'tok')).toBeNull();
      expect((await repos.projects.setShareToken('owner', p._id, 'tok'))?.shareToken).toBe('tok');
      expect((await repos.projects.findByShareToken('tok'))?._id).toBe(p._id);
      await repos.projects.setShareToken('owner', p._id, null);
      expect(await repos.projects.findByShareToken('tok')).toBeNull();
    });

    it('claims a share token only for the owner and only while there is none', async () => {
      const p = await repos.projects.insert(newProject('owner'));
      expect(await repos.projects.claimShareToken('intruder', p._id, 'a')).toBeNull();
      const claims = await Promise.all([
        repos.projects.claimShareToken('owner', p._id, 'b'),
        repos.projects.claimShareToken('owner', p._id, 'c'),
      ]);
      expect(claims.filter((c) => c !== null)).toHaveLength(1);
      const winner = claims.find((c) => c !== null)?.shareToken;
      expect((await repos.projects.findByShareToken(winner ?? ''))?._id).toBe(p._id);
      await repos.projects.setShareToken('owner', p._id, null);
      expect((await repos.projects.claimShareToken('owner', p._id, 'd'))?.shareToken).toBe('d');
    });
  });
}
