import { describe, expect, it, vi } from 'vitest';
import type { StagePropertyResponse } from '@shared/api';
import { FREE_GENERATIONS_PER_MONTH, currentUsageMonth, notEnoughCreditsMessage } from '@shared/domain';
import { reconcileUploads } from '../../jobs/housekeeping';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { seedProperty, stageRooms, type SeedRoom } from '../../testing/property-rooms';
import { useTestApp } from '../../testing/use-test-app';

const LOOK = { stylePreset: 'modern' };
const FIVE: SeedRoom[] = [
  { roomType: 'living-room' },
  { roomType: 'kitchen' },
  { roomType: 'bedroom' },
  { roomType: 'bathroom' },
  { roomType: 'office' },
];

/** No worker runs here: a run's credits and projects are decided when it is asked for. */
describe('credits, Idempotency-Key and crashes of a property staging run', () => {
  const t = useTestApp();
  const month = currentUsageMonth();
  const used = (userId: string) => t.deps.repos.usage.getUsed(userId, month);
  const post = (jar: CookieJar, propertyId: string, roomIds: string[], key?: string) =>
    stageRooms(jar.fetch.bind(jar), t.url, propertyId, { roomIds, ...LOOK }, key);
  const projectsOf = (userId: string) => t.deps.repos.projects.listForOwner(userId);

  it('tells a free user with 3 credits left who stages 5 rooms before anything is charged', async () => {
    const { jar, user } = await signUp(t.url);
    // Two single photos staged earlier this month.
    await t.deps.repos.usage.reserveCredits(user.id, month, FREE_GENERATIONS_PER_MONTH, ['a', 'b']);
    for (const id of ['a', 'b']) await t.deps.repos.usage.settleReservation(user.id, month, id);
    const { property, rooms } = await seedProperty(t.deps, user.id, FIVE);
    const ids = rooms.map((r) => r._id);

    const refused = await post(jar, property._id, ids);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({
      error: 'needs_subscription',
      message: notEnoughCreditsMessage(5, 3),
      needsSubscription: true,
    });
    expect(await used(user.id)).toBe(2);
    expect(await projectsOf(user.id)).toEqual([]);
    const untouched = await t.deps.repos.rooms.listForProperty(user.id, property._id);
    expect(untouched.map((r) => r.projectId)).toEqual([null, null, null, null, null]);

    // Three fit exactly; a fourth no longer does.
    expect((await post(jar, property._id, ids.slice(0, 3))).status).toBe(201);
    expect(await used(user.id)).toBe(FREE_GENERATIONS_PER_MONTH);
    const last = await post(jar, property._id, ids.slice(3, 4));
    expect(last.status).toBe(402);
    expect(((await last.json()) as { message: string }).message).toBe(notEnoughCreditsMessage(1, 0));
    expect(await projectsOf(user.id)).toHaveLength(3);
  });

  it('lets Pro stage more rooms than a free month holds', async () => {
    const { jar, user } = await signUp(t.url);
    await t.deps.repos.users.update(user.id, { plan: 'pro' });
    const { property, rooms } = await seedProperty(t.deps, user.id, [...FIVE, ...FIVE.slice(0, 2)]);
    const res = await post(
      jar,
      property._id,
      rooms.map((r) => r._id),
    );
    expect(res.status).toBe(201);
    expect(((await res.json()) as StagePropertyResponse).rooms).toHaveLength(7);
    expect(await used(user.id)).toBe(7);
  });

  it('makes one run of 5 identical parallel requests with one Idempotency-Key, and charges it once', async () => {
    const { jar, user } = await signUp(t.url);
    const { property, rooms } = await seedProperty(t.deps, user.id, FIVE.slice(0, 3));
    const ids = rooms.map((r) => r._id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(jar, property._id, ids, 'stage-all-1')),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const bodies = await Promise.all(answers.map(async (r) => (await r.json()) as StagePropertyResponse));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]?.rooms.map((r) => r.roomId)).toEqual(ids);
    expect(await used(user.id)).toBe(3);
    expect(await projectsOf(user.id)).toHaveLength(3);
    // Later repeats too; without the key, rooms still staging are refused rather than charged twice.
    expect((await post(jar, property._id, ids, 'stage-all-1')).status).toBe(200);
    const twice = await post(jar, property._id, ids.slice(1, 2));
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({
      error: 'room_busy',
      message: 'The Kitchen (room 2) is still being staged. Wait for it to finish, then stage it again.',
    });
    expect(await used(user.id)).toBe(3);
  });

  it('refunds exactly the rooms a crash kept from being made, through the reconciler', async () => {
    const { jar, user } = await signUp(t.url);
    const { property, rooms } = await seedProperty(t.deps, user.id, FIVE);
    const projects = t.deps.repos.projects;
    const insert = projects.insert.bind(projects);
    let stored = 0;
    let reached: () => void = () => undefined;
    const frozen = new Promise<void>((resolve) => (reached = resolve));
    // The process "dies" as the third room's project is written: that call never returns.
    const spy = vi.spyOn(projects, 'insert').mockImplementation(async (input) => {
      if (stored === 2) {
        reached();
        return new Promise(() => undefined);
      }
      stored += 1;
      return insert(input);
    });
    const abort = new AbortController();
    const pending = stageRooms(
      (url, init) => jar.fetch(url, { ...init, signal: abort.signal }),
      t.url,
      property._id,
      { roomIds: rooms.map((r) => r._id), ...LOOK },
    ).catch(() => null);
    try {
      await frozen;
    } finally {
      spy.mockRestore();
      abort.abort();
      await pending;
    }
    expect(await used(user.id)).toBe(5);

    // In flight: left alone. Past the grace: the three rooms never made are refunded, once.
    expect(await reconcileUploads(t.deps)).toMatchObject({ refunded: 0 });
    const later = new Date(Date.now() + 3600_000);
    expect(await reconcileUploads(t.deps, later)).toMatchObject({ refunded: 3, settled: 0 });
    expect(await reconcileUploads(t.deps, later)).toMatchObject({ refunded: 0, settled: 0 });
    expect(await used(user.id)).toBe(2);
    const made = await projectsOf(user.id);
    expect(made.map((p) => p.roomId).sort()).toEqual(
      rooms
        .slice(0, 2)
        .map((r) => r._id)
        .sort(),
    );
    expect(await t.deps.repos.usage.findStaleReservations(later)).toEqual([]);
    // The room photos are the property's: the repair leaves them.
    for (const room of rooms) expect(await t.deps.store.blobs.get(room.images.original)).not.toBeNull();
  });
});
