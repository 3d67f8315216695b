import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PendingEditDoc, VersionDoc } from '../model/documents';
import { createRepositories, type Repositories } from '../repositories';
import { BACKENDS, announceSkips, createHarness, testProject, type Harness } from './harness';

announceSkips('versions contract');

const T0 = new Date('2030-01-01T00:00:00Z');
const LEASE = 60_000;

const version = (number: number): VersionDoc => ({
  number,
  kind: number === 1 ? 'staging' : 'remove',
  instruction: null,
  staged: [`projects/p/version-${number}.png`],
  alterations: number === 1 ? ['staged'] : ['staged', 'object-removed'],
  note: null,
  createdAt: T0,
});
const EDIT: PendingEditDoc = {
  kind: 'remove',
  instruction: null,
  strokes: [{ erase: false, size: 0.1, points: [[0.5, 0.5]] }],
  from: 1,
  creditMonth: '2030-01',
};

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`versions contract: ${backend.name}`, () => {
    let h: Harness;
    let repos: Repositories;
    beforeEach(async () => {
      h = await createHarness(backend.name);
      repos = createRepositories(h.store, () => T0);
    });
    afterEach(() => h.dispose());

    /** A finished project of `owner`, its job gone. */
    async function finished(owner: string) {
      const p = await repos.projects.insert(testProject(owner));
      const claimed = await repos.projects.claimNext('w0', T0, LEASE);
      await repos.projects.complete(p._id, 'w0', ['projects/p/staged-0.jpg']);
      expect(claimed?._id).toBe(p._id);
      return (await repos.projects.findById(p._id))!;
    }

    it('queues an edit that keeps the project completed, claims it, and makes its version current', async () => {
      const doc = await finished('owner');
      const queued = await repos.projects.queueEdit('owner', doc, EDIT, version(1), 'free');
      expect(queued).toMatchObject({ status: 'completed', edit: EDIT, versions: [version(1)] });
      // A second edit of the same read is refused: the project changed.
      expect(await repos.projects.queueEdit('owner', doc, EDIT, version(1), 'free')).toBeNull();

      const claimed = await repos.projects.claimNext('w1', T0, LEASE);
      expect(claimed).toMatchObject({ _id: doc._id, status: 'completed', workerId: 'w1' });
      expect(await repos.projects.renewLease(doc._id, 'w1', LEASE)).toBe(true);
      const done = await repos.projects.completeEdit(doc._id, 'w1', version(2));
      expect(done).toMatchObject({
        status: 'completed',
        currentVersion: 2,
        images: { staged: version(2).staged },
        alterations: ['staged', 'object-removed'],
      });
      expect(done?.edit).toBeUndefined();
      expect(done?.versions?.map((v) => v.number)).toEqual([1, 2]);
      expect(await repos.projects.claimNext('w1', T0, LEASE)).toBeNull();
    });

    it('a failed edit keeps the result, stores why as data and hands back the edit (its credit month)', async () => {
      const failure = { reason: 'The photo could not be read.', creditReturned: true };
      const doc = await finished('owner');
      await repos.projects.queueEdit('owner', doc, EDIT, version(1), 'free');
      await repos.projects.claimNext('w1', T0, LEASE);
      expect(
        await repos.projects.failEdit(doc._id, 'w2', { reason: 'not mine', creditReturned: false }),
      ).toBeNull();
      const before = await repos.projects.failEdit(doc._id, 'w1', failure);
      expect(before?.edit?.creditMonth).toBe('2030-01');
      const after = await repos.projects.findById(doc._id);
      expect(after).toMatchObject({ status: 'completed', editFailure: failure });
      expect(after?.images.staged).toEqual(['projects/p/staged-0.jpg']);
    });

    it('sets another version current and deletes one, only as the project was read', async () => {
      const doc = await finished('owner');
      await repos.projects.queueEdit('owner', doc, EDIT, version(1), 'free');
      await repos.projects.claimNext('w1', T0, LEASE);
      const two = (await repos.projects.completeEdit(doc._id, 'w1', version(2)))!;
      expect(await repos.projects.setCurrentVersion('other', two, version(1))).toBeNull();
      const one = await repos.projects.setCurrentVersion('owner', two, version(1));
      expect(one).toMatchObject({ currentVersion: 1, images: { staged: version(1).staged } });
      // A stale read (version 2 current) no longer matches.
      expect(await repos.projects.deleteVersion('owner', two, 2)).toBeNull();
      const kept = await repos.projects.deleteVersion('owner', one!, 2);
      expect(kept?.versions?.map((v) => v.number)).toEqual([1]);
    });

    it("takes a flagged version's free Try again with the edit that makes it, once", async () => {
      const doc = await finished('owner');
      await repos.projects.queueEdit('owner', doc, EDIT, version(1), 'free');
      await repos.projects.claimNext('w1', T0, LEASE);
      const flagged = { ...version(2), from: 1, creditBack: '2030-01' };
      const two = (await repos.projects.completeEdit(doc._id, 'w1', flagged))!;
      const one = (await repos.projects.setCurrentVersion('owner', two, version(1)))!;
      const free = { ...EDIT, creditMonth: null };
      const queued = await repos.projects.queueEdit('owner', one, free, version(1), 'free', 2);
      expect(queued?.versions?.find((v) => v.number === 2)).toMatchObject({ freeRetryTaken: true });
      expect(queued?.edit).toMatchObject({ creditMonth: null });
      await repos.projects.claimNext('w2', T0, LEASE);
      const three = (await repos.projects.completeEdit(doc._id, 'w2', { ...version(3), from: 1 }))!;
      const again = (await repos.projects.setCurrentVersion('owner', three, version(1)))!;
      // Taken: a second free Try again of version 2 is refused, whatever the caller read.
      expect(await repos.projects.queueEdit('owner', again, free, version(1), 'free', 2)).toBeNull();
      const stale = { ...again, versions: again.versions?.map(({ freeRetryTaken: _, ...v }) => v) };
      expect(await repos.projects.queueEdit('owner', stale, free, version(1), 'free', 2)).toBeNull();
      expect((await repos.projects.findById(doc._id))?.edit).toBeUndefined();
    });
  });
}
