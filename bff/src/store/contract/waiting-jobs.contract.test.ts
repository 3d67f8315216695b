import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories, type NewProject, type Repositories } from '../repositories';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('waiting jobs contract');

const T0 = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
/** Far ahead: a follower is due only when released (or at this backstop). */
const BACKSTOP = later(3600_000);
/** Claims in these tests hold their job all along. */
const DAY = 24 * 3600_000;

const room = (id: string, extra: Partial<NewProject> = {}): NewProject => ({
  _id: id,
  ownerId: 'owner',
  name: `12 Harbor Rd - ${id}`,
  stagingMode: 'stage',
  roomType: 'living-room',
  stylePreset: 'modern',
  colorPalette: null,
  customPrompt: null,
  engine: 'openai',
  images: { original: `properties/p/rooms/${id}/original.jpg`, thumb: 'x.jpg', staged: [] },
  width: 100,
  height: 75,
  creditMonth: '2030-01',
  expiresAt: null,
  propertyId: 'p',
  roomId: id,
  ...extra,
});
const follower = (id: string) =>
  room(id, { waitsFor: 'lead', nextAttemptAt: BACKSTOP, styleReferenceId: 'lead' });

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`waiting jobs contract: ${backend.name}`, () => {
    let h: Harness;
    let clock: Date;
    let repos: Repositories;
    const claimAll = async (worker: string) => {
      const ids: string[] = [];
      for (let p = await repos.projects.claimNext(worker, clock, DAY); p;) {
        ids.push(p._id);
        p = await repos.projects.claimNext(worker, clock, DAY);
      }
      return ids.sort();
    };
    const waitingJobs = () => h.store.collections.jobs.countDocuments({ waitsFor: { $exists: true } });

    beforeEach(async () => {
      h = await createHarness(backend.name);
      clock = T0;
      repos = createRepositories(h.store, () => clock);
      await repos.projects.insert(room('lead'));
      clock = later(1);
      await repos.projects.insert(follower('f1'));
      await repos.projects.insert(follower('f2'));
    });
    afterEach(() => h.dispose());

    it('keeps followers queued until their lead completes, then hands them out', async () => {
      expect(await claimAll('w1')).toEqual(['lead']);
      expect((await repos.projects.findById('f1'))?.styleReferenceId).toBe('lead');
      // Still unfinished: nothing to release.
      expect(await repos.projects.releaseIfFinished('lead')).toBe(0);
      clock = later(10_000);
      expect(await claimAll('w2')).toEqual([]);
      await repos.projects.complete('lead', 'w1', ['projects/lead/staged-0.jpg']);
      // The worker releases them once the lead is stored (and, on failure, its credit returned).
      expect(await repos.projects.releaseIfFinished('lead')).toBe(2);
      expect(await waitingJobs()).toBe(0);
      expect(await claimAll('w2')).toEqual(['f1', 'f2']);
    });

    it('releases followers of a failed lead, and of a deleted one with the delete', async () => {
      await repos.projects.claimNext('w1', clock, 60_000);
      await repos.projects.fail('lead', 'w1', {
        reason: 'The AI provider could not process this photo.',
        creditReturned: false,
      });
      expect(await repos.projects.releaseWaiting('lead')).toBe(2);
      expect(await claimAll('w2')).toEqual(['f1', 'f2']);

      await repos.projects.insert(room('lead2'));
      await repos.projects.insert(room('f3', { waitsFor: 'lead2', nextAttemptAt: BACKSTOP }));
      expect(await repos.projects.deleteForOwner('owner', 'lead2')).not.toBeNull();
      expect(await claimAll('w3')).toEqual(['f3']);
    });

    it('repairs a crash between a finished lead and its release; the backstop time applies otherwise', async () => {
      await repos.projects.claimNext('w1', clock, 60_000);
      // The lead's result is stored and its job removed, then the process died before the release.
      await h.store.collections.projects.updateOne({ _id: 'lead' }, { $set: { status: 'completed' } });
      await h.store.collections.jobs.deleteOne({ _id: 'lead' });
      expect(await claimAll('w2')).toEqual([]);
      expect(await repos.projects.releaseStaleWaits()).toBe(2);
      expect(await repos.projects.releaseStaleWaits()).toBe(0);
      expect(await claimAll('w2')).toEqual(['f1', 'f2']);

      // A follower whose lead never finishes runs at its backstop time, and waits for nobody from then on.
      await repos.projects.insert(room('slow'));
      await repos.projects.insert(room('f4', { waitsFor: 'slow', nextAttemptAt: BACKSTOP }));
      clock = BACKSTOP;
      expect(await claimAll('w3')).toEqual(['f4', 'slow']);
      expect(await waitingJobs()).toBe(0);
    });
  });
}
