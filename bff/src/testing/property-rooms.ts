import { randomUUID } from 'node:crypto';
import type { RoomType } from '@shared/domain';
import { intakeRoomPhoto } from '../images';
import { roomBlobKeys, type PropertyDoc, type Repositories, type RoomDoc, type Store } from '../store';
import { makePhoto } from './images';

export interface SeedRoom {
  roomType: RoomType;
  /** The photo's size before intake (default 800x600); tests tell rooms apart by it. */
  width?: number;
  height?: number;
  /** A photo to upload instead of a drawn one (the size fields are then ignored). */
  photo?: Buffer;
}

export interface SeededProperty {
  property: PropertyDoc;
  /** In room order. */
  rooms: RoomDoc[];
}

/** Adds rooms to a property the way an upload stores them: the photo through intake, under the room's keys. */
export async function addRooms(
  deps: { repos: Repositories; store: Store },
  ownerId: string,
  propertyId: string,
  seeds: readonly SeedRoom[],
): Promise<RoomDoc[]> {
  const rooms: RoomDoc[] = [];
  for (const seed of seeds) {
    const id = randomUUID();
    const intake = await intakeRoomPhoto(
      seed.photo ?? (await makePhoto({ width: seed.width ?? 800, height: seed.height ?? 600, gps: false })),
    );
    const keys = roomBlobKeys(propertyId, id);
    await deps.store.blobs.put(keys.original, intake.original.data, intake.original.contentType);
    await deps.store.blobs.put(keys.thumb, intake.thumb.data, intake.thumb.contentType);
    const stored = await deps.repos.rooms.insert({
      _id: id,
      propertyId,
      ownerId,
      roomType: seed.roomType,
      detected: { roomType: seed.roomType, confident: true },
      images: keys,
      width: intake.original.width,
      height: intake.original.height,
    });
    if (!stored) throw new Error('room id taken');
    await deps.repos.properties.addRoom(ownerId, propertyId, id);
    rooms.push(stored.room);
  }
  return rooms;
}

/** A property of `ownerId` with a room per seed, stored through the repositories (no upload route). */
export async function seedProperty(
  deps: { repos: Repositories; store: Store },
  ownerId: string,
  seeds: readonly SeedRoom[],
  name = '12 Harbor Rd',
): Promise<SeededProperty> {
  const made = await deps.repos.properties.create({
    _id: randomUUID(),
    ownerId,
    name,
    listingNumber: null,
    notes: null,
  });
  if (!made) throw new Error('property id taken');
  const rooms = await addRooms(deps, ownerId, made.property._id, seeds);
  const property = await deps.repos.properties.findForOwner(ownerId, made.property._id);
  if (!property) throw new Error('property vanished');
  return { property, rooms };
}

/** `POST /api/properties/{id}/stage` as the property screen sends it. */
export function stageRooms(
  fetcher: (url: string, init?: RequestInit) => Promise<Response>,
  baseUrl: string,
  propertyId: string,
  body: Record<string, unknown>,
  key?: string,
): Promise<Response> {
  return fetcher(`${baseUrl}/api/properties/${propertyId}/stage`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
}
