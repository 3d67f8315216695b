import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Property, PropertyRoom } from '@shared/api';
import type { RoomType } from '@shared/domain';
import { projectBlobKeys, type ProjectDoc } from '../store';
import { json } from './auth-helpers';
import type { CookieJar } from './cookie-jar';
import { makePhoto, multipart } from './images';
import type { TestApp } from './test-app';

export const newId = () => randomUUID();

export function postProperty(
  t: Pick<TestApp, 'url'>,
  jar: CookieJar,
  body: { id?: string; name?: string; listingNumber?: string; notes?: string } = {},
): Promise<Response> {
  return jar.fetch(
    `${t.url}/api/properties`,
    json({ id: newId(), name: '12 Harbor Rd', ...body }, { method: 'POST' }),
  );
}

/** A property made over HTTP; throws unless it was created. */
export async function createProperty(
  t: Pick<TestApp, 'url'>,
  jar: CookieJar,
  body: { id?: string; name?: string; listingNumber?: string; notes?: string } = {},
): Promise<Property> {
  const res = await postProperty(t, jar, body);
  if (res.status !== 201) throw new Error(`create property: ${res.status} ${await res.text()}`);
  return (await res.json()) as Property;
}

export interface RoomUpload {
  roomId?: string;
  roomType?: RoomType;
  propertyName?: string;
  photo?: Buffer;
}

export async function postRoom(
  t: Pick<TestApp, 'url'>,
  jar: CookieJar,
  propertyId: string,
  upload: RoomUpload = {},
): Promise<Response> {
  const fields: Record<string, string> = { roomId: upload.roomId ?? newId() };
  if (upload.roomType) fields.roomType = upload.roomType;
  if (upload.propertyName) fields.propertyName = upload.propertyName;
  const photo = upload.photo ?? (await makePhoto({ width: 800, height: 600 }));
  return jar.fetch(`${t.url}/api/properties/${propertyId}/rooms`, {
    method: 'POST',
    body: multipart(fields, { data: photo }),
  });
}

/** A room added over HTTP; throws unless it was created. */
export async function addRoom(
  t: Pick<TestApp, 'url'>,
  jar: CookieJar,
  propertyId: string,
  upload: RoomUpload = {},
): Promise<PropertyRoom> {
  const res = await postRoom(t, jar, propertyId, upload);
  if (res.status !== 201) throw new Error(`add room: ${res.status} ${await res.text()}`);
  return (await res.json()) as PropertyRoom;
}

/** A staged image as an engine's result would be stored: the room's size, visibly not the original. */
async function stagedImageFor(original: Buffer): Promise<Buffer> {
  return sharp(original).modulate({ hue: 120, saturation: 1.5 }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Stages a room as the staging run would leave it, through the store: a project made from the room
 * (queued, claimed, completed with a stored staged image) that becomes the room's latest staging.
 */
export async function stageRoomDirectly(
  t: { deps: Pick<TestApp['deps'], 'repos' | 'store'> },
  ownerId: string,
  propertyId: string,
  roomId: string,
  engine: 'openai' | 'preview' = 'openai',
): Promise<ProjectDoc> {
  const { repos, store } = t.deps;
  const room = await repos.rooms.findForOwner(ownerId, roomId);
  if (!room) throw new Error(`no room ${roomId}`);
  const id = newId();
  await repos.projects.insert({
    _id: id,
    ownerId,
    name: room.roomType,
    stagingMode: 'stage',
    roomType: room.roomType,
    stylePreset: 'modern',
    colorPalette: 'coastal',
    customPrompt: null,
    engine,
    images: { original: room.images.original, thumb: room.images.thumb, staged: [] },
    width: room.width,
    height: room.height,
    creditMonth: null,
    expiresAt: null,
    propertyId,
    roomId,
  });
  const worker = `test-${id}`;
  const claimed = await repos.projects.claimNext(worker, new Date(Date.now() + 1000), 60_000);
  if (claimed?._id !== id) throw new Error(`claimed ${claimed?._id ?? 'nothing'} instead of ${id}`);
  const original = await store.blobs.get(room.images.original);
  if (!original) throw new Error(`no photo for room ${roomId}`);
  const key = projectBlobKeys(id).staged(0);
  await store.blobs.put(key, await stagedImageFor(original.data), 'image/jpeg');
  const done = await repos.projects.complete(id, worker, [key]);
  if (!done) throw new Error(`could not complete ${id}`);
  await repos.rooms.setProject(ownerId, roomId, id);
  return done;
}

export async function readProperty(t: Pick<TestApp, 'url'>, jar: CookieJar, id: string): Promise<Property> {
  const res = await jar.fetch(`${t.url}/api/properties/${id}`);
  if (res.status !== 200) throw new Error(`read property: ${res.status} ${await res.text()}`);
  return (await res.json()) as Property;
}
