import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { roomBlobKeys } from '../blobs/blob-keys';
import type { NewProject, NewRoom } from '../repositories';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('properties contract');

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const R1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const R2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const property = (id: string, ownerId: string, name = '12 Harbor Rd') => ({
  _id: id,
  ownerId,
  name,
  listingNumber: null,
  notes: null,
});
const room = (id: string, propertyId: string, ownerId: string): NewRoom => ({
  _id: id,
  propertyId,
  ownerId,
  roomType: 'kitchen',
  detected: { roomType: 'kitchen', confident: true },
  images: roomBlobKeys(propertyId, id),
  width: 1200,
  height: 900,
});

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`properties contract: ${backend.name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await createHarness(backend.name);
    });
    afterEach(() => h.dispose());

    it('creates a property once per id: a repeat answers it, another account gets nothing', async () => {
      const { properties } = h.repos;
      const first = await properties.create(property(P1, 'agent'));
      expect(first).toMatchObject({ created: true, property: { _id: P1, roomOrder: [] } });
      const racing = await Promise.all([1, 2, 3].map(() => properties.create(property(P1, 'agent'))));
      expect(racing.every((r) => r?.created === false && r.property._id === P1)).toBe(true);
      expect(await properties.create(property(P1, 'intruder'))).toBeNull();
      expect(await properties.findForOwner('intruder', P1)).toBeNull();
      await properties.create(property(P2, 'agent', 'Loft'));
      expect(await properties.countForOwner('agent')).toBe(2);
      expect((await properties.listForOwner('agent')).map((p) => p._id).sort()).toEqual([P1, P2].sort());
    });

    it('keeps the room order: added last once, reordered, removed', async () => {
      const { properties } = h.repos;
      await properties.create(property(P1, 'agent'));
      await properties.addRoom('agent', P1, R1);
      await properties.addRoom('agent', P1, R2);
      await properties.addRoom('agent', P1, R1);
      expect((await properties.findForOwner('agent', P1))?.roomOrder).toEqual([R1, R2]);
      expect(await properties.addRoom('intruder', P1, R2)).toBeNull();
      await properties.update('agent', P1, { roomOrder: [R2, R1], name: 'New name' });
      expect(await properties.findForOwner('agent', P1)).toMatchObject({
        roomOrder: [R2, R1],
        name: 'New name',
      });
      await properties.removeRoom('agent', P1, R2);
      expect((await properties.findForOwner('agent', P1))?.roomOrder).toEqual([R1]);
    });

    it('stores a room once per id, scoped to its property and owner', async () => {
      const { rooms, properties } = h.repos;
      await properties.create(property(P1, 'agent'));
      expect(await rooms.insert(room(R1, P1, 'agent'))).toMatchObject({ created: true });
      expect(await rooms.insert(room(R1, P1, 'agent'))).toMatchObject({ created: false, room: { _id: R1 } });
      expect(await rooms.insert(room(R1, P2, 'agent'))).toBeNull();
      expect(await rooms.insert(room(R1, P1, 'intruder'))).toBeNull();
      expect(await rooms.setRoomType('intruder', R1, 'bedroom')).toBeNull();
      expect((await rooms.setRoomType('agent', R1, 'bedroom'))?.roomType).toBe('bedroom');
      expect((await rooms.setProject('agent', R1, 'project-1'))?.projectId).toBe('project-1');
      await rooms.insert(room(R2, P1, 'agent'));
      expect(await rooms.countForProperty(P1)).toBe(2);
      expect(await rooms.delete('intruder', R2)).toBeNull();
      expect((await rooms.delete('agent', R2))?._id).toBe(R2);
      expect((await rooms.listForProperty('agent', P1)).map((r) => r._id)).toEqual([R1]);
      await rooms.deleteAllForProperty(P1);
      expect(await rooms.countForProperty(P1)).toBe(0);
    });

    it("finds and deletes a property's stagings (all, or one room's) with their jobs, never another owner's", async () => {
      const { projects, rooms } = h.repos;
      const staging = (id: string, ownerId: string, roomId: string): NewProject => ({
        _id: id,
        ownerId,
        name: 'Kitchen',
        stagingMode: 'stage',
        roomType: 'kitchen',
        stylePreset: 'modern',
        colorPalette: null,
        customPrompt: null,
        engine: 'preview',
        images: { ...roomBlobKeys(P1, roomId), staged: [] },
        width: 1200,
        height: 900,
        creditMonth: null,
        expiresAt: null,
        propertyId: P1,
        roomId,
      });
      await projects.insert(staging('s1', 'agent', R1));
      await projects.insert(staging('s2', 'agent', R1));
      await projects.insert(staging('s3', 'agent', R2));
      await projects.insert(staging('s4', 'intruder', R1));
      expect((await projects.findManyForOwner('agent', ['s1', 's4', 'nope'])).map((p) => p._id)).toEqual([
        's1',
      ]);
      expect(await projects.findManyForOwner('agent', [])).toEqual([]);
      const one = await projects.deleteAllForProperty('agent', P1, R1);
      expect(one.map((p) => p._id).sort()).toEqual(['s1', 's2']);
      expect(await projects.existingIds(['s1', 's2', 's3', 's4'])).toEqual(new Set(['s3', 's4']));
      expect((await projects.deleteAllForProperty('agent', P1)).map((p) => p._id)).toEqual(['s3']);
      expect(await projects.existingIds(['s3', 's4'])).toEqual(new Set(['s4']));
      // The jobs went with their projects: only the other owner's is still queued.
      expect((await h.store.collections.jobs.find({})).map((j) => j._id)).toEqual(['s4']);
      await rooms.insert(room(R1, P1, 'agent'));
      expect(await rooms.existingIds([R1, R2])).toEqual(new Set([R1]));
    });

    it('shares a property by token only while it is shared; deletes with the owner', async () => {
      const { properties } = h.repos;
      await properties.create(property(P1, 'agent'));
      const claims = await Promise.all(['a', 'b'].map((t) => properties.claimShareToken('agent', P1, t)));
      expect(claims.filter((c) => c !== null)).toHaveLength(1);
      const token = claims.find((c) => c)!.shareToken!;
      expect((await properties.findByShareToken(token))?._id).toBe(P1);
      expect(await properties.claimShareToken('intruder', P1, 'c')).toBeNull();
      await properties.revokeShareToken('agent', P1);
      expect(await properties.findByShareToken(token)).toBeNull();
      expect((await properties.deleteAllForOwner('agent')).map((p) => p._id)).toEqual([P1]);
      expect(await properties.existingIds([P1, P2])).toEqual(new Set());
    });
  });
}
