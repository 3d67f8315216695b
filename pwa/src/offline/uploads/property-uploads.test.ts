import { PROPERTY_LIMIT_MESSAGE, PROPERTY_ROOMS_FULL_MESSAGE } from '@shared/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroyDb } from '../db';
import { sendUpload } from '../sender';
import {
  discardQueuedProperty,
  editQueuedProperty,
  enqueueProperty,
  enqueueRoomPhoto,
  flushUploads,
  isBlocked,
  listUploads,
  propertyQueueSnapshot,
  setQueuedRoomType,
  setUploadAccount,
  subscribeQueue,
  subscribeUploadEvents,
  unblockUploads,
  type QueueState,
  type Sender,
  type UploadEvent,
} from '.';
import { olive } from '../../testing/upload-queue';

const PROPERTY = '7a1c2e9b-3f4d-4b6a-8c2d-1e0f9a8b7c6d';
const photo = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 7])], { type: 'image/jpeg' });
const room = (over: Partial<Parameters<typeof enqueueRoomPhoto>[0]> = {}) =>
  enqueueRoomPhoto({
    propertyId: PROPERTY,
    propertyName: '12 Harbor Rd',
    file: photo(),
    fileName: 'kitchen.jpg',
    owner: olive,
    ...over,
  });

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const roomAnswer = (id: string) =>
  json(
    {
      id,
      position: 1,
      roomType: 'kitchen',
      detected: { roomType: 'kitchen', confident: true, style: 'modern' },
      originalImageUrl: `/api/properties/${PROPERTY}/rooms/${id}/original`,
      thumbnailUrl: `/api/properties/${PROPERTY}/rooms/${id}/thumb`,
      width: 2048,
      height: 1536,
      project: null,
      createdAt: '2026-11-22T12:00:00.000Z',
    },
    201,
  );
const propertyAnswer = (id: string, name: string) =>
  json(
    {
      id,
      name,
      listingNumber: 'MLS-1',
      notes: null,
      mlsProfile: null,
      roomCount: 0,
      coverThumbnailUrl: null,
      createdAt: '2026-11-22T12:00:00.000Z',
      updatedAt: '2026-11-22T12:00:00.000Z',
      rooms: [],
    },
    201,
  );

type Call = { path: string; init: RequestInit };
/** A server stand-in: `answer` per call; records what it was sent. */
function server(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    const call = { path, init };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  return calls;
}
const offline = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
// jsdom's Blob does not survive fake-indexeddb's structured clone: the real sender gets the photo anew.
const send: Sender = (r) => sendUpload({ ...r, file: photo() });
const flush = () => flushUploads(send, undefined, Date.now, true);

describe('property photos and properties made offline, in the upload queue', () => {
  const events: UploadEvent[] = [];
  let stopEvents = () => undefined as unknown;
  beforeEach(async () => {
    await destroyDb();
    setUploadAccount(olive);
    unblockUploads();
    events.length = 0;
    stopEvents = subscribeUploadEvents((e) => e.type !== 'changed' && events.push(e));
  });
  afterEach(async () => {
    stopEvents();
    vi.unstubAllGlobals();
    await destroyDb();
  });

  it('keeps an offline photo tagged with its property and room, then sends it once with its room id', async () => {
    const queued = await room({ roomType: 'kitchen' });
    expect(queued).toMatchObject({
      status: 'queued',
      target: { kind: 'room', propertyId: PROPERTY },
      fields: { roomId: queued.id, roomType: 'kitchen', propertyName: '12 Harbor Rd' },
      ownerId: olive.id,
    });
    offline();
    await flush();
    expect(await listUploads()).toMatchObject([{ id: queued.id, status: 'queued', attempts: 1 }]);

    const calls = server(() => roomAnswer(queued.id));
    await flush();
    await flush();
    expect(calls).toHaveLength(1);
    const [{ path, init }] = calls as [Call];
    expect(path).toBe(`/api/properties/${PROPERTY}/rooms`);
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(queued.id);
    const form = init.body as FormData;
    expect(form.get('roomId')).toBe(queued.id);
    expect(form.get('roomType')).toBe('kitchen');
    expect(form.get('propertyName')).toBe('12 Harbor Rd');
    expect((form.get('image') as File).name).toBe('kitchen.jpg');
    expect(await listUploads()).toEqual([]);
    expect(events).toEqual([{ type: 'saved', id: queued.id, propertyId: PROPERTY }]);
  });

  it("keeps a photo the server refuses (4xx) as failed with the server's sentence", async () => {
    const queued = await room();
    server(() => json({ error: 'property_full', message: PROPERTY_ROOMS_FULL_MESSAGE }, 409));
    await flush();
    expect(await listUploads()).toMatchObject([
      { id: queued.id, status: 'failed', lastError: PROPERTY_ROOMS_FULL_MESSAGE },
    ]);
    expect(events).toEqual([{ type: 'failed', id: queued.id, message: PROPERTY_ROOMS_FULL_MESSAGE }]);
  });

  it('keeps every photo on a 401, waiting for the sign-in', async () => {
    await room();
    await room();
    server(() => json({ error: 'unauthorized', message: 'Please sign in.' }, 401));
    await flush();
    expect(isBlocked()).toBe('auth');
    expect((await listUploads()).map((r) => r.status)).toEqual(['queued', 'queued']);
    const states: QueueState[] = [];
    const stop = subscribeQueue((s) => states.push(s));
    await vi.waitFor(() => expect(states.at(-1)).toMatchObject({ waiting: 2, blocked: 'auth' }));
    stop();
  });

  it('sends a property made offline before its photos, as JSON with its own id', async () => {
    await enqueueProperty({ id: PROPERTY, name: '12 Harbor Rd', listingNumber: 'MLS-1', owner: olive });
    const first = await room();
    const calls = server(({ path }) =>
      path === '/api/properties' ? propertyAnswer(PROPERTY, '12 Harbor Rd') : roomAnswer(first.id),
    );
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['/api/properties', `/api/properties/${PROPERTY}/rooms`]);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      id: PROPERTY,
      name: '12 Harbor Rd',
      listingNumber: 'MLS-1',
    });
    expect(await listUploads()).toEqual([]);
  });

  it('fails a property past the free limit with the sentence and the paywall, without holding back the rest', async () => {
    await enqueueProperty({ id: PROPERTY, name: 'Third house', owner: olive });
    const other = await room({ propertyId: '0c9d8e7f-6a5b-4c3d-9e1f-2a3b4c5d6e7f' });
    server(({ path }) =>
      path === '/api/properties'
        ? json({ error: 'needs_subscription', message: PROPERTY_LIMIT_MESSAGE, needsSubscription: true }, 402)
        : roomAnswer(other.id),
    );
    await flush();
    expect(isBlocked()).toBeNull();
    expect(await listUploads()).toMatchObject([
      { id: PROPERTY, status: 'failed', lastError: PROPERTY_LIMIT_MESSAGE },
    ]);
    expect(events[0]).toEqual({
      type: 'failed',
      id: PROPERTY,
      message: PROPERTY_LIMIT_MESSAGE,
      paywall: true,
    });
  });

  it('lets the user correct what waits: the name (also on its photos), the listing number, a room type', async () => {
    await enqueueProperty({
      id: PROPERTY,
      name: '12 Harbour',
      listingNumber: 'MLS-1',
      notes: 'Keys',
      owner: olive,
    });
    const photoOf = await room({ propertyName: '12 Harbour' });
    expect(await editQueuedProperty(PROPERTY, { name: '12 Harbor Rd', notes: null })).toBe(true);
    expect(await setQueuedRoomType(photoOf.id, 'bedroom')).toBe(true);
    expect(await propertyQueueSnapshot()).toMatchObject({
      properties: [{ id: PROPERTY, name: '12 Harbor Rd', listingNumber: 'MLS-1', notes: null }],
      rooms: [{ id: photoOf.id, propertyId: PROPERTY, propertyName: '12 Harbor Rd', roomType: 'bedroom' }],
    });
    // Gone to the server: nothing left here to correct.
    server(({ path }) =>
      path === '/api/properties' ? propertyAnswer(PROPERTY, '12 Harbor Rd') : roomAnswer(photoOf.id),
    );
    await flush();
    expect(await editQueuedProperty(PROPERTY, { name: 'Too late' })).toBe(false);
  });

  it('shows no other account its photos, and a deleted property takes its waiting photos along', async () => {
    await enqueueProperty({ id: PROPERTY, name: '12 Harbor Rd', owner: olive });
    const mine = await room();
    const bobs = await room({
      propertyId: '0c9d8e7f-6a5b-4c3d-9e1f-2a3b4c5d6e7f',
      owner: { id: 'u-bob', name: 'bob@example.com' },
    });
    expect((await propertyQueueSnapshot()).rooms.map((r) => r.id)).toEqual([mine.id]);
    await discardQueuedProperty(PROPERTY);
    expect((await listUploads()).map((r) => r.id)).toEqual([bobs.id]);
  });
});
