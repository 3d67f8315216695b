import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StagePropertyResponse } from '@shared/api';
import { currentUsageMonth } from '@shared/domain';
import { STYLE_REFERENCE_SENTENCE } from '../../ai/prompts';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { editImages, type RecordedRequest } from '../../testing/fake-openai';
import { addRooms, seedProperty, stageRooms, type SeedRoom } from '../../testing/property-rooms';
import { waitForFinish } from '../../testing/staging-helpers';
import { TEST_WORKER_TUNING } from '../../testing/test-app';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';

/** The lead's photo is twice as wide as high, so its result is told apart from every other room's. */
const LEAD: SeedRoom = { roomType: 'living-room', width: 1200, height: 600 };
const OTHERS: SeedRoom[] = [
  { roomType: 'kitchen', width: 600, height: 800 },
  { roomType: 'bedroom', width: 800, height: 800 },
];
/** The lead's staged result as a reference: 2:1 within 768 px. */
const LEAD_AS_REFERENCE = [768, 384];
const LOOK = { stylePreset: 'farmhouse', colorPalette: 'coastal' };

const sizeOf = async (data: Buffer) => {
  const { width, height } = await sharp(data).metadata();
  return [width, height];
};
const imageCounts = (edits: RecordedRequest[]) => edits.map((r) => editImages(r).length);

describe('one look for a property: the first finished room guides the others (loopback OpenAI)', () => {
  const fake = useFakeOpenAI();
  // Three jobs at once: only the waiting keeps the other rooms behind their lead.
  const t = useTestApp({ env: () => fake.env, worker: { ...TEST_WORKER_TUNING, concurrency: 3 } });
  let jar: CookieJar;
  let userId: string;
  const used = () => t.deps.repos.usage.getUsed(userId, currentUsageMonth());

  const run = async (propertyId: string, roomIds: string[], look: Record<string, string> = LOOK) => {
    const res = await stageRooms(jar.fetch.bind(jar), t.url, propertyId, { roomIds, ...look });
    expect(res.status, await res.clone().text()).toBe(201);
    const { rooms } = (await res.json()) as StagePropertyResponse;
    const finished = await Promise.all(rooms.map((r) => waitForFinish(t.url, jar, r.projectId)));
    return finished.map((f) => f.project);
  };
  /** The edit request that staged a room, found by its photo's shape (the first image). */
  const editFor = async (width: number, height: number) => {
    for (const edit of fake.edits()) {
      const [w = 0, h = 0] = await sizeOf(editImages(edit)[0]!.data);
      if (Math.abs(w / h - width / height) < 0.02) return edit;
    }
    throw new Error(`no edit for a ${width}x${height} photo`);
  };

  // A fresh free account per test: five credits each.
  beforeEach(async () => {
    const signed = await signUp(t.url);
    jar = signed.jar;
    userId = signed.user.id;
  });
  afterEach(() => fake.reset());

  it('stages the lead alone first; the others follow with its result as the second image', async () => {
    fake.delayMs = 300;
    const { property, rooms } = await seedProperty(t.deps, userId, [LEAD, ...OTHERS]);
    const projects = await run(
      property._id,
      rooms.map((r) => r._id),
    );
    expect(projects.map((p) => [p.status, p.roomType])).toEqual([
      ['completed', 'living-room'],
      ['completed', 'kitchen'],
      ['completed', 'bedroom'],
    ]);
    const lead = await editFor(1200, 600);
    const followers = await Promise.all(OTHERS.map((r) => editFor(r.width!, r.height!)));
    expect(imageCounts([lead, ...followers])).toEqual([1, 2, 2]);
    expect(editImages(lead)[0]?.field).toBe('image');
    // Nobody started before the lead's result was back, even with three workers free.
    for (const f of followers) expect(f.receivedAt).toBeGreaterThanOrEqual(lead.answeredAt ?? Infinity);
    for (const f of followers) {
      const [photo, reference] = editImages(f);
      expect([photo?.field, reference?.field]).toEqual(['image[]', 'image[]']);
      expect(await sizeOf(reference!.data)).toEqual(LEAD_AS_REFERENCE);
      expect(f.fields.prompt).toContain(STYLE_REFERENCE_SENTENCE);
    }
    expect(lead.fields.prompt).not.toContain(STYLE_REFERENCE_SENTENCE);
  });

  it('uses the first finished room of the property in the same look for later rooms, with no waiting', async () => {
    await t.deps.repos.users.update(userId, { plan: 'pro' });
    const { property, rooms } = await seedProperty(t.deps, userId, [LEAD, OTHERS[0]!]);
    await run(
      property._id,
      rooms.map((r) => r._id),
    );
    fake.reset();
    // Long enough that three requests made at once all arrive before the first answer, on two busy cores.
    fake.delayMs = 1500;
    const later = await addRooms(t.deps, userId, property._id, [
      { roomType: 'bathroom', width: 800, height: 1200 },
      { roomType: 'dining-room', width: 900, height: 600 },
    ]);
    // Restaging the kitchen with them: it is styled after the living room, not after its old self.
    await run(property._id, [...later.map((r) => r._id), rooms[1]!._id]);
    const edits = await Promise.all([editFor(800, 1200), editFor(900, 600), editFor(600, 800)]);
    expect(imageCounts(edits)).toEqual([2, 2, 2]);
    for (const e of edits) expect(await sizeOf(editImages(e)[1]!.data)).toEqual(LEAD_AS_REFERENCE);
    // All at once: each request arrived before any was answered.
    const firstAnswer = Math.min(...edits.map((e) => e.answeredAt ?? Infinity));
    for (const e of edits) expect(e.receivedAt).toBeLessThan(firstAnswer);

    // Another look does not borrow from this one: its own first room leads.
    fake.reset();
    await run(property._id, [rooms[0]!._id, later[0]!._id], { stylePreset: 'industrial' });
    expect(imageCounts([await editFor(1200, 600), await editFor(800, 1200)])).toEqual([1, 2]);
  });

  it('releases the others when the lead finished before they were even queued', async () => {
    const { property, rooms } = await seedProperty(t.deps, userId, [LEAD, OTHERS[0]!]);
    const projects = t.deps.repos.projects;
    const insert = projects.insert.bind(projects);
    // The lead is staged and done before the run gets to store the second room.
    const spy = vi.spyOn(projects, 'insert').mockImplementation(async (input) => {
      const doc = await insert(input);
      if (input.roomId === rooms[0]!._id) await waitForFinish(t.url, jar, doc._id);
      return doc;
    });
    try {
      const done = await run(
        property._id,
        rooms.map((r) => r._id),
      );
      expect(done.map((p) => p.status)).toEqual(['completed', 'completed']);
    } finally {
      spy.mockRestore();
    }
    expect(imageCounts([await editFor(1200, 600), await editFor(600, 800)])).toEqual([1, 2]);
  });

  it('returns the credit of a failed lead once, and stages the others without a reference', async () => {
    const before = await used();
    const { property, rooms } = await seedProperty(t.deps, userId, [LEAD, ...OTHERS]);
    fake.failNext(400, 1, null, 'Invalid image');
    const projects = await run(
      property._id,
      rooms.map((r) => r._id),
    );
    expect(projects.map((p) => p.status)).toEqual(['failed', 'completed', 'completed']);
    expect(projects[0]?.error).toMatch(/Your credit was returned\.$/);
    const followers = await Promise.all(OTHERS.map((r) => editFor(r.width!, r.height!)));
    expect(imageCounts(followers)).toEqual([1, 1]);
    expect(await used()).toBe(before + 2);
    // Retrying the failed room alone is a run of one, styled after the first finished room.
    fake.reset();
    const [retried] = await run(property._id, [rooms[0]!._id]);
    expect(retried?.status).toBe('completed');
    const [retry] = fake.edits();
    const docs = await Promise.all(projects.slice(1).map((p) => t.deps.repos.projects.findById(p.id)));
    const firstFinished = docs.sort(
      (a, b) => (a?.completedAt?.getTime() ?? 0) - (b?.completedAt?.getTime() ?? 0),
    )[0];
    // The kitchen (3:4) or the bedroom (square), whichever finished first.
    const expected = firstFinished?.roomType === 'kitchen' ? [576, 768] : [768, 768];
    expect(await sizeOf(editImages(retry!)[1]!.data)).toEqual(expected);
    expect(await used()).toBe(before + 3);
  });
});

describe('workers idle between polls take released rooms at once', () => {
  const fake = useFakeOpenAI();
  // Polls far apart: only the wake-up after the lead's end can start both followers together.
  const t = useTestApp({
    env: () => fake.env,
    worker: { ...TEST_WORKER_TUNING, pollMs: 10_000, concurrency: 3 },
  });

  it('stages the followers side by side as soon as the lead is done', async () => {
    const { jar, user } = await signUp(t.url);
    const { property, rooms } = await seedProperty(t.deps, user.id, [LEAD, ...OTHERS]);
    // A follower's answer waits (up to 10 s) for the other follower's request: side by side, both are in
    // before either answer; one after the other, the second comes only after the first's answer. (A fixed
    // delay raced the machine's load.)
    let followersIn = 0;
    let allIn: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (allIn = resolve));
    fake.hold = (request) => {
      if (!request.path.endsWith('/images/edits') || editImages(request).length < 2) return undefined;
      followersIn += 1;
      if (followersIn === OTHERS.length) allIn();
      return Promise.race([together, new Promise<void>((r) => setTimeout(r, 10_000))]);
    };
    const res = await stageRooms(jar.fetch.bind(jar), t.url, property._id, {
      roomIds: rooms.map((r) => r._id),
      ...LOOK,
    });
    const { rooms: run } = (await res.json()) as StagePropertyResponse;
    await Promise.all(run.map((r) => waitForFinish(t.url, jar, r.projectId, 30_000)));
    const [lead, ...followers] = fake.edits();
    expect(imageCounts([lead!, ...followers])).toEqual([1, 2, 2]);
    const firstAnswer = Math.min(...followers.map((f) => f.answeredAt ?? Infinity));
    for (const f of followers) expect(f.receivedAt).toBeLessThan(firstAnswer);
  });
});
