import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { propertyRoomSchema } from '@shared/api';
import {
  FREE_PROPERTIES_MAX,
  PROPERTY_ROOMS_FULL_MESSAGE,
  PROPERTY_ROOMS_MAX,
  UPLOAD_MESSAGES,
} from '@shared/domain';
import { roomBlobKeys } from '../../store';
import { json, signUp } from '../../testing/auth-helpers';
import { makePhoto } from '../../testing/images';
import {
  addRoom,
  createProperty,
  newId,
  postRoom,
  readProperty,
  stageRoomDirectly,
} from '../../testing/property-helpers';
import { bytesOf } from '../../testing/staging-helpers';
import { filesUnder, storedState } from '../../testing/stored-state';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';

describe('room photos of a property over real HTTP', () => {
  // Parallel repeats of one photo are the point here, not the per-account upload cap.
  const t = useTestApp({ env: { UPLOADS_PER_USER: '10' } });
  const api = (p: string) => `${t.url}/api${p}`;
  const roomFolders = (propertyId: string) =>
    filesUnder(`${t.deps.config.dataDir}/blobs/properties/${propertyId}/rooms`);

  it('stores the photo upright and stripped, with a thumbnail, and keeps the given type when the analysis is unsure', async () => {
    const { jar } = await signUp(t.url);
    const property = await createProperty(t, jar);
    const photo = await makePhoto({ width: 1200, height: 1600, orientation: 6 });
    const res = await postRoom(t, jar, property.id, { roomType: 'bedroom', photo });
    expect(res.status).toBe(201);
    const room = propertyRoomSchema.parse(await res.json());
    // The preview engine has no vision model: never confident, so the agent's choice stands.
    expect(room).toMatchObject({
      position: 1,
      roomType: 'bedroom',
      detected: { roomType: 'other', confident: false },
      width: 1600,
      height: 1200,
      project: null,
    });
    const original = await jar.fetch(`${t.url}${room.originalImageUrl}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('cache-control')).toBe('private, max-age=86400');
    const meta = await sharp(await bytesOf(original)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp(await bytesOf(await jar.fetch(`${t.url}${room.thumbnailUrl}`))).metadata();
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(480);
    // Without a type the room is 'other' until the agent picks one.
    expect((await addRoom(t, jar, property.id)).roomType).toBe('other');
  });

  it('answers repeats of one roomId with the same room, once, also when five arrive at once', async () => {
    const { jar } = await signUp(t.url);
    const property = await createProperty(t, jar);
    const roomId = newId();
    const photo = await makePhoto({ width: 900, height: 700 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postRoom(t, jar, property.id, { roomId, photo, roomType: 'kitchen' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const r of answers) expect(propertyRoomSchema.parse(await r.json()).id).toBe(roomId);
    const again = await postRoom(t, jar, property.id, { roomId, photo });
    expect(again.status).toBe(200);
    expect((await readProperty(t, jar, property.id)).rooms.map((r) => r.id)).toEqual([roomId]);
    expect(await roomFolders(property.id)).toEqual([`${roomId}/original.jpg`, `${roomId}/thumb.jpg`]);
    // The same room id in another property is someone else's: refused, nothing stored there.
    const other = await createProperty(t, jar);
    const taken = await postRoom(t, jar, other.id, { roomId, photo });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: string }).error).toBe('id_taken');
    expect(await roomFolders(other.id)).toEqual([]);
  });

  it('creates the property of a photo queued offline when its create never arrived, once', async () => {
    const { jar } = await signUp(t.url);
    const propertyId = newId();
    const lost = await postRoom(t, jar, propertyId, { roomType: 'kitchen' });
    expect(lost.status).toBe(404);
    expect(await jar.fetch(api(`/properties/${propertyId}`))).toHaveProperty('status', 404);

    const roomId = newId();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        postRoom(t, jar, propertyId, { roomId, roomType: 'kitchen', propertyName: '7 Elm St' }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const property = await readProperty(t, jar, propertyId);
    expect(property).toMatchObject({ name: '7 Elm St', roomCount: 1 });
    expect(property.rooms.map((r) => [r.id, r.roomType])).toEqual([[roomId, 'kitchen']]);
    // Then the create itself arrives: it answers the property it made.
    const late = await jar.fetch(
      api('/properties'),
      json({ id: propertyId, name: '7 Elm St' }, { method: 'POST' }),
    );
    expect(late.status).toBe(200);
  });

  it('refuses a photo too small to stage with 422, and creates nothing for it', async () => {
    const { jar } = await signUp(t.url);
    const property = await createProperty(t, jar);
    const before = await storedState(t, ['rateLimits', 'sessions']);
    for (const target of [property.id, newId()]) {
      const res = await postRoom(t, jar, target, {
        photo: await makePhoto({ width: 320, height: 240 }),
        propertyName: 'Never made',
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: 'image_too_small', message: UPLOAD_MESSAGES.tooSmall });
    }
    const unnamed = await postRoom(t, jar, property.id, { roomId: 'room-1' });
    expect(unnamed.status).toBe(400);
    expect(await unnamed.json()).toEqual({ error: 'validation_error', message: 'The id must be a UUID.' });
    expect(await storedState(t, ['rateLimits', 'sessions'])).toEqual(before);
  });

  it('creates a property with a photo only within the free limit', async () => {
    const { jar } = await signUp(t.url);
    for (let i = 0; i < FREE_PROPERTIES_MAX; i++) await createProperty(t, jar);
    const before = await storedState(t, ['rateLimits', 'sessions']);
    const res = await postRoom(t, jar, newId(), { propertyName: 'One too many' });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: 'needs_subscription', needsSubscription: true });
    expect(await storedState(t, ['rateLimits', 'sessions'])).toEqual(before);
  });

  it(`holds at most ${PROPERTY_ROOMS_MAX} rooms, also when the last places are raced for`, async () => {
    const { jar, user } = await signUp(t.url);
    const property = await createProperty(t, jar);
    const { repos, store } = t.deps;
    const photo = await makePhoto({ width: 600, height: 600 });
    for (let i = 0; i < PROPERTY_ROOMS_MAX - 2; i++) {
      const id = newId();
      const images = roomBlobKeys(property.id, id);
      await store.blobs.put(images.original, photo, 'image/jpeg');
      await store.blobs.put(images.thumb, photo, 'image/jpeg');
      await repos.rooms.insert({
        _id: id,
        propertyId: property.id,
        ownerId: user.id,
        roomType: 'bedroom',
        detected: null,
        images,
        width: 600,
        height: 600,
      });
      await repos.properties.addRoom(user.id, property.id, id);
    }
    const answers = await Promise.all(Array.from({ length: 3 }, () => postRoom(t, jar, property.id)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409]);
    const refused: unknown = await answers.find((r) => r.status === 409)!.json();
    expect(refused).toEqual({ error: 'property_full', message: PROPERTY_ROOMS_FULL_MESSAGE });
    const full = await readProperty(t, jar, property.id);
    expect(full.rooms).toHaveLength(PROPERTY_ROOMS_MAX);
    expect((await postRoom(t, jar, property.id)).status).toBe(409);
    expect(new Set((await roomFolders(property.id)).map((f) => f.split('/')[0])).size).toBe(
      PROPERTY_ROOMS_MAX,
    );
  });

  it('corrects a room type, and deletes a room with its photos and stagings', async () => {
    const { jar, user } = await signUp(t.url);
    const property = await createProperty(t, jar);
    const [a, b, c] = [
      await addRoom(t, jar, property.id, { roomType: 'kitchen' }),
      await addRoom(t, jar, property.id, { roomType: 'bedroom' }),
      await addRoom(t, jar, property.id, { roomType: 'bathroom' }),
    ];
    const retype = (roomId: string, body: unknown) =>
      jar.fetch(api(`/properties/${property.id}/rooms/${roomId}`), json(body, { method: 'PATCH' }));
    const retyped = await retype(b.id, { roomType: 'office' });
    expect(retyped.status).toBe(200);
    expect(propertyRoomSchema.parse(await retyped.json())).toMatchObject({
      id: b.id,
      roomType: 'office',
      position: 2,
    });
    expect((await retype(b.id, { roomType: 'ballroom' })).status).toBe(400);
    expect((await retype(newId(), { roomType: 'office' })).status).toBe(404);

    const staging = await stageRoomDirectly(t, user.id, property.id, b.id);
    const removed = await jar.fetch(api(`/properties/${property.id}/rooms/${b.id}`), { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ ok: true });
    const after = await readProperty(t, jar, property.id);
    expect(after.rooms.map((r) => [r.id, r.position])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
    expect((await jar.fetch(api(`/projects/${staging._id}`))).status).toBe(404);
    expect((await jar.fetch(`${t.url}${b.originalImageUrl}`)).status).toBe(404);
    expect((await roomFolders(property.id)).filter((f) => f.startsWith(b.id))).toEqual([]);
    expect(await filesUnder(`${t.deps.config.dataDir}/blobs/projects/${staging._id}`)).toEqual([]);
    expect(
      (await jar.fetch(api(`/properties/${property.id}/rooms/${b.id}`), { method: 'DELETE' })).status,
    ).toBe(404);
  });
});

describe('room analysis with a vision model', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env });

  it('presets the detected type only when the model is confident; a failed analysis keeps the given type', async () => {
    const { jar } = await signUp(t.url);
    const property = await createProperty(t, jar);
    fake.analysis = { roomType: 'kitchen', style: 'scandinavian', confidence: 'high' };
    const sure = await addRoom(t, jar, property.id, { roomType: 'bedroom' });
    expect(sure).toMatchObject({
      roomType: 'kitchen',
      detected: { roomType: 'kitchen', confident: true, style: 'scandinavian' },
    });

    fake.analysis = { roomType: 'dining-room', style: 'modern', confidence: 'low' };
    const unsure = await addRoom(t, jar, property.id, { roomType: 'living-room' });
    expect(unsure).toMatchObject({
      roomType: 'living-room',
      detected: { roomType: 'dining-room', confident: false },
    });

    fake.failNext(500);
    const failed = await addRoom(t, jar, property.id, { roomType: 'office' });
    expect(failed).toMatchObject({ roomType: 'office', detected: null });
    expect(fake.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(3);
  });
});
