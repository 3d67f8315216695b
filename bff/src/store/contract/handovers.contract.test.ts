import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories } from '../repositories';
import { HANDOVERS_PER_PROJECT, type NewHandover } from '../repositories/handovers.repository';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('hand-over records contract');

const take = (over: Partial<NewHandover> = {}): NewHandover => ({
  ownerId: 'u1',
  projectId: 'p1',
  propertyId: null,
  roomId: null,
  originalSha256: 'a'.repeat(64),
  engine: 'preview',
  model: null,
  prompt: null,
  structure: 'not checked',
  mlsProfile: 'generic',
  variant: 'clean',
  alteration: 'staged',
  downloadedBy: 'ana@example.com',
  version: 1,
  ...over,
});

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`hand-over records contract: ${backend.name}`, () => {
    let h: Harness;
    let clock = new Date('2026-11-29T08:00:00Z');
    beforeEach(async () => {
      h = await createHarness(backend.name);
      clock = new Date('2026-11-29T08:00:00Z');
    });
    afterEach(() => h.dispose());

    it('1,000 identical downloads in a day are one record with a count and the last time', async () => {
      const { handovers } = createRepositories(h.store, () => clock);
      for (let i = 0; i < 1000; i++) {
        clock = new Date(clock.getTime() + 1000);
        await handovers.add(take());
      }
      const records = await handovers.listForProject('u1', 'p1');
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ count: 1000, at: new Date('2026-11-29T08:00:01Z'), lastAt: clock });
      expect(await handovers.filesHandedOver({ projectId: 'p1' })).toBe(1000);
    });

    it('a new record for another version, MLS, variant, downloader or day', async () => {
      const { handovers } = createRepositories(h.store, () => clock);
      await handovers.add(take());
      await handovers.add(take({ version: 2 }));
      await handovers.add(take({ mlsProfile: 'stellar' }));
      await handovers.add(take({ variant: 'labelled' }));
      await handovers.add(take({ downloadedBy: 'bo@example.com' }));
      clock = new Date('2026-11-30T08:00:00Z');
      await handovers.add(take());
      await handovers.add(take());
      expect(await handovers.listForProject('u1', 'p1')).toHaveLength(6);
      expect(await handovers.filesHandedOver({ ownerId: 'u1' })).toBe(7);
    });

    it(`keeps at most ${HANDOVERS_PER_PROJECT} records a project, dropping the ones taken longest ago`, async () => {
      const { handovers } = createRepositories(h.store, () => clock);
      for (let i = 0; i < HANDOVERS_PER_PROJECT + 5; i++) {
        clock = new Date(clock.getTime() + 1000);
        await handovers.add(take({ downloadedBy: `person${i}@example.com` }));
      }
      await handovers.add(take({ projectId: 'p2' }));
      expect(await h.store.collections.handovers.countDocuments({ projectId: 'p1' })).toBe(
        HANDOVERS_PER_PROJECT,
      );
      const kept = await h.store.collections.handovers.find({ projectId: 'p1' }, { sort: { lastAt: 1 } });
      expect(kept[0]?.downloadedBy).toBe('person5@example.com');
      expect(await h.store.collections.handovers.countDocuments({ projectId: 'p2' })).toBe(1);
    });
  });
}
