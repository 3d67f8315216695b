import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../config';
import {
  createRepositories,
  projectBlobKeys,
  roomBlobKeys,
  type NewProject,
  type Repositories,
} from '../store';
import { BACKENDS, announceSkips, createHarness, type Harness } from '../store/contract/harness';
import {
  purgeExpired,
  reconcileUploads,
  recoverAtStartUp,
  startHousekeeping,
  type HousekeepingDeps,
} from './housekeeping';

announceSkips('housekeeping');

const logger = createLogger({ LOG_LEVEL: 'silent' });
const HOUR = 3600_000;
const project = (id: string, ownerId: string, extra: Partial<NewProject> = {}): NewProject => ({
  _id: id,
  ownerId,
  name: 'Den',
  stagingMode: 'stage',
  roomType: 'office',
  stylePreset: 'modern',
  colorPalette: null,
  customPrompt: null,
  engine: 'preview',
  images: { original: projectBlobKeys(id).original, thumb: projectBlobKeys(id).thumb, staged: [] },
  width: 800,
  height: 600,
  creditMonth: '2030-01',
  expiresAt: null,
  ...extra,
});

// The reconciler lists, dates and deletes blob folders: also on object storage (S3 through the real SDK).
const RUNS = [
  ...BACKENDS.map((b) => ({ ...b, blobs: 'default' as const, label: b.name })),
  { name: 'nedb' as const, enabled: true, blobs: 's3' as const, label: 'nedb with S3 blobs' },
];

for (const backend of RUNS) {
  describe.skipIf(!backend.enabled)(`housekeeping: ${backend.label}`, () => {
    let h: Harness;
    let repos: Repositories;
    let deps: HousekeepingDeps;
    const photo = (id: string) =>
      h.store.blobs.put(projectBlobKeys(id).original, Buffer.from('x'), 'image/jpeg');
    beforeEach(async () => {
      h = await createHarness(backend.name, { blobs: backend.blobs });
      repos = h.repos;
      deps = { repos, store: h.store, logger };
      // u1 reserved 3 credits: p-stored was stored, p-lost crashed after its photo, p-bare before it.
      for (const id of ['p-stored', 'p-lost', 'p-bare'])
        expect(await repos.usage.reserveCredit('u1', '2030-01', 5, id)).toBe(true);
      await photo('p-stored');
      await repos.projects.insert(project('p-stored', 'u1'));
      await photo('p-lost');
      // A project deleted while its photos stayed (a crash between the two).
      await photo('p-deleted');
      await h.store.blobs.put('users/gone/profile.webp', Buffer.from('x'), 'image/webp');
    });
    afterEach(() => h.dispose());

    it('leaves uploads in flight alone, then refunds the lost ones once and removes orphan photos', async () => {
      expect(await reconcileUploads(deps)).toEqual({ refunded: 0, settled: 0, orphanFolders: 0 });
      expect(await repos.usage.getUsed('u1', '2030-01')).toBe(3);

      const later = new Date(Date.now() + 2 * HOUR);
      const rounds = await Promise.all([reconcileUploads(deps, later), reconcileUploads(deps, later)]);
      // Two workers at once: each lost reservation is refunded by exactly one of them.
      expect(rounds.reduce((n, r) => n + r.refunded, 0)).toBe(2);
      expect(await repos.usage.getUsed('u1', '2030-01')).toBe(1);
      expect(await repos.usage.findStaleReservations(later)).toEqual([]);
      expect(await h.store.blobs.listFolders('projects')).toEqual(['p-stored']);
      expect(await h.store.blobs.listFolders('users')).toEqual([]);
      expect(await reconcileUploads(deps, later)).toEqual({ refunded: 0, settled: 0, orphanFolders: 0 });
    });

    it('returns the credit of a staging that failed but kept it (the worker stopped in between), once', async () => {
      expect(await repos.usage.reserveCredit('u2', '2030-01', 5, 'p-failed')).toBe(true);
      await repos.projects.insert(project('p-failed', 'u2'));
      await repos.usage.settleReservation('u2', '2030-01', 'p-failed');
      await h.store.collections.projects.updateOne(
        { _id: 'p-failed' },
        { $set: { status: 'failed', error: 'The AI provider could not process this photo.' } },
      );
      // A failure this fresh may be refunded by its worker right now.
      await reconcileUploads(deps);
      expect(await repos.usage.getUsed('u2', '2030-01')).toBe(1);

      const later = new Date(Date.now() + 2 * HOUR);
      const rounds = await Promise.all([reconcileUploads(deps, later), reconcileUploads(deps, later)]);
      // The two lost uploads of u1 and this failure, each refunded by one of the two rounds.
      expect(rounds.reduce((n, r) => n + r.refunded, 0)).toBe(3);
      expect(await repos.usage.getUsed('u2', '2030-01')).toBe(0);
      expect((await repos.projects.findById('p-failed'))?.creditMonth).toBeNull();
      expect((await reconcileUploads(deps, later)).refunded).toBe(0);
      expect(await repos.usage.getUsed('u2', '2030-01')).toBe(0);
    });

    it('keeps the photos of a project being uploaded right now', async () => {
      const later = new Date(Date.now() + 2 * HOUR);
      await reconcileUploads(deps, later, { reservationsMs: 3 * HOUR, foldersMs: 3 * HOUR });
      expect((await h.store.blobs.listFolders('projects')).sort()).toEqual([
        'p-deleted',
        'p-lost',
        'p-stored',
      ]);
      expect(await repos.usage.getUsed('u1', '2030-01')).toBe(3);
    });

    it("removes a property's room photos whose room never appeared, once they are old, and keeps its rooms", async () => {
      const [p1, gone] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
      const [stored, lost] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'];
      await repos.properties.create({
        _id: p1,
        ownerId: 'u1',
        name: 'Harbor Rd',
        listingNumber: null,
        notes: null,
      });
      for (const roomId of [stored, lost]) {
        const keys = roomBlobKeys(p1, roomId);
        await h.store.blobs.put(keys.original, Buffer.from('x'), 'image/jpeg');
        await h.store.blobs.put(keys.thumb, Buffer.from('x'), 'image/jpeg');
      }
      await repos.rooms.insert({
        _id: stored,
        propertyId: p1,
        ownerId: 'u1',
        roomType: 'kitchen',
        detected: null,
        images: roomBlobKeys(p1, stored),
        width: 800,
        height: 600,
      });
      await h.store.blobs.put(roomBlobKeys(gone, lost).original, Buffer.from('x'), 'image/jpeg');
      const rooms = () => h.store.blobs.listFolders(`properties/${p1}/rooms`);

      // An upload that is writing its room right now keeps its photos.
      await reconcileUploads(deps);
      expect((await rooms()).sort()).toEqual([stored, lost].sort());
      expect(await h.store.blobs.listFolders('properties')).toContain(gone);

      const later = new Date(Date.now() + 2 * HOUR);
      const round = await reconcileUploads(deps, later);
      // The lost room's folder, the deleted property's, and the setup's deleted project and gone user.
      expect(round.orphanFolders).toBe(4);
      expect(await rooms()).toEqual([stored]);
      expect(await h.store.blobs.listFolders('properties')).toEqual([p1]);
      expect(await h.store.blobs.get(roomBlobKeys(p1, stored).original)).not.toBeNull();
    });

    it('purges expired sessions, rate-limit windows and demos when it starts and on its schedule', async () => {
      for (let i = 0; i < 30; i++) await repos.sessions.set(`old-${i}`, { userId: 'u1' }, -1000);
      await repos.sessions.set('live', { userId: 'u1' }, HOUR);
      await repos.rateLimits.hit('k', 1000, 5, new Date(Date.now() - 10_000));
      const keeper = startHousekeeping(deps, 60_000);
      try {
        const deadline = Date.now() + 5000;
        while ((await h.store.collections.sessions.countDocuments({})) > 1 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 20));
      } finally {
        keeper.stop();
      }
      expect(await h.store.collections.sessions.countDocuments({})).toBe(1);
      expect(await h.store.collections.rateLimits.countDocuments({})).toBe(0);
    });

    it('purges webhook deliveries older than 30 days and keeps the newer ones', async () => {
      let clock = new Date('2030-01-01T00:00:00Z');
      const then = createRepositories(h.store, () => clock);
      const endpoint = await then.webhooks.createEndpoint({
        userId: 'u1',
        url: 'https://hooks.example.com/a',
        events: ['project.finished'],
        secret: 'whsec_x',
      });
      const delivery = { endpointId: endpoint._id, userId: 'u1', event: 'project.finished', body: '{}' };
      const old = await then.webhooks.enqueue(delivery);
      clock = new Date('2030-01-20T00:00:00Z');
      const recent = await then.webhooks.enqueue(delivery);
      await purgeExpired({ ...deps, repos: then }, new Date('2030-02-01T00:00:00Z'));
      expect((await then.webhooks.listDeliveries(endpoint._id)).map((d) => d._id)).toEqual([recent._id]);
      expect(await then.webhooks.getDelivery(old._id)).toBeNull();
    });

    it('removes sign-ups whose link expired unopened, and keeps confirmed accounts and fresh sign-ups', async () => {
      const clock = new Date('2030-01-01T00:00:00Z');
      const then = createRepositories(h.store, () => clock);
      const person = (email: string, unconfirmed: boolean) =>
        then.users.create({ email, username: email, firstName: null, lastName: null, unconfirmed });
      await person('squatted@example.com', true);
      await person('kept@example.com', false);
      const later = new Date(clock.getTime() + 25 * HOUR);
      await createRepositories(h.store, () => later).users.create({
        email: 'fresh@example.com',
        username: 'fresh',
        firstName: null,
        lastName: null,
        unconfirmed: true,
      });
      await purgeExpired(deps, later);
      expect(await repos.users.findByEmail('squatted@example.com')).toBeNull();
      expect(await repos.users.findByEmail('kept@example.com')).not.toBeNull();
      expect(await repos.users.findByEmail('fresh@example.com')).not.toBeNull();
    });

    it('at start-up of the only process: requeues its jobs and repairs at once, with no grace', async () => {
      const clock = new Date('2030-01-01T00:00:00Z');
      const timed = createRepositories(h.store, () => clock);
      await timed.projects.insert(project('p-job', 'u1'));
      const claimed = await timed.projects.claimNext('dead-worker', clock, 60_000);
      expect(claimed?._id).toBe('p-stored');
      await recoverAtStartUp(deps, clock);
      if (h.store.exclusive) {
        const requeued = await repos.projects.findById('p-stored');
        expect(requeued).toMatchObject({ status: 'pending', workerId: null, leaseUntil: null });
        expect(await repos.usage.getUsed('u1', '2030-01')).toBe(1);
        expect((await h.store.blobs.listFolders('projects')).sort()).toEqual(['p-stored']);
      } else {
        // Shared stores wait for the lease and the grace periods: another process may be working.
        expect((await repos.projects.findById('p-stored'))?.status).toBe('processing');
      }
    });

    it('releases rooms still waiting for a style reference that finished just before a crash', async () => {
      const far = new Date(Date.now() + 24 * HOUR);
      await repos.projects.insert(project('p-room', 'u1', { waitsFor: 'p-stored', nextAttemptAt: far }));
      const lead = await repos.projects.claimNext('w', new Date(), 60_000);
      expect(lead?._id).toBe('p-stored');
      // Completed and its job removed, but the process died before releasing the room.
      await h.store.collections.projects.updateOne({ _id: 'p-stored' }, { $set: { status: 'completed' } });
      await h.store.collections.jobs.deleteOne({ _id: 'p-stored' });
      expect(await repos.projects.claimNext('w', new Date(), 60_000)).toBeNull();
      await recoverAtStartUp(deps);
      if (h.store.exclusive)
        expect((await repos.projects.claimNext('w', new Date(), 60_000))?._id).toBe('p-room');
      const keeper = startHousekeeping(deps, 60_000);
      try {
        const deadline = Date.now() + 5000;
        while ((await h.store.collections.jobs.countDocuments({ waitsFor: { $exists: true } })) > 0)
          if (Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          else throw new Error('the waiting room was never released');
      } finally {
        keeper.stop();
      }
    });
  });
}
