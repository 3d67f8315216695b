import type { UploadRecord, UploadStatus } from '../db';
import { newId } from '../queue';
import { sendableBy, type UploadAccount } from './upload-owner';
import { uploadAccount, uploadQueue } from './upload-queue';

/** A new record of the upload queue, due now. */
function record(
  id: string,
  now: number,
  item: Pick<UploadRecord, 'file' | 'fileName' | 'fields' | 'target'>,
  owner: UploadAccount | null,
): UploadRecord {
  return {
    id,
    status: 'queued',
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    projectId: null,
    ownerId: owner?.id ?? null,
    ownerName: owner?.name ?? null,
    ...item,
  };
}

/** Only the fields that have a value: an empty one is "not given". */
const given = (fields: Record<string, string | null | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => Boolean(e[1])));

export interface QueuedPropertyInput {
  /** Made on this device: the property keeps it on the server. */
  id: string;
  name: string;
  listingNumber?: string | null;
  notes?: string | null;
  owner: UploadAccount | null;
}

/**
 * Keeps a property made on this device until the server has it. Queued before its photos, it is sent
 * before them. `hold`: the caller sends it itself now (see createQueue's release).
 */
export function enqueueProperty(input: QueuedPropertyInput, now = Date.now(), { hold = false } = {}) {
  const fields = given({ name: input.name, listingNumber: input.listingNumber, notes: input.notes });
  // No photo: the fields are the request.
  const item = { file: new Blob([]), fileName: '', fields, target: { kind: 'property' } as const };
  return uploadQueue.enqueue(record(input.id, now, item, input.owner), { hold });
}

export interface RoomPhotoInput {
  propertyId: string;
  propertyName: string;
  /** The room's id, made here: also the record's, so the server makes the room once however often it is sent. */
  roomId?: string;
  roomType?: string | null;
  file: Blob;
  fileName: string;
  owner: UploadAccount | null;
}

/** Keeps a photo of a property until the server has made its room (POST /api/properties/{id}/rooms). */
export function enqueueRoomPhoto(input: RoomPhotoInput, now = Date.now()): Promise<UploadRecord> {
  const roomId = input.roomId ?? newId();
  const fields = given({ roomId, roomType: input.roomType, propertyName: input.propertyName });
  const target = { kind: 'room', propertyId: input.propertyId } as const;
  return uploadQueue.enqueue(
    record(roomId, now, { file: input.file, fileName: input.fileName, fields, target }, input.owner),
  );
}

/** A property made here, as long as the server does not have it yet. */
export interface QueuedProperty {
  id: string;
  name: string;
  listingNumber: string | null;
  notes: string | null;
  status: UploadStatus;
  lastError: string | null;
  createdAt: number;
}

/** A photo of a property waiting for the server; `roomType` as the user chose it (null: let the server detect). */
export interface QueuedRoom {
  id: string;
  propertyId: string;
  propertyName: string;
  roomType: string | null;
  file: Blob;
  fileName: string;
  status: UploadStatus;
  lastError: string | null;
  createdAt: number;
}

export interface PropertyQueueState {
  properties: QueuedProperty[];
  rooms: QueuedRoom[];
}

const toProperty = (r: UploadRecord): QueuedProperty => ({
  id: r.id,
  name: r.fields.name ?? '',
  listingNumber: r.fields.listingNumber ?? null,
  notes: r.fields.notes ?? null,
  status: r.status,
  lastError: r.lastError,
  createdAt: r.createdAt,
});

const toRoom = (r: UploadRecord, propertyId: string): QueuedRoom => ({
  id: r.id,
  propertyId,
  propertyName: r.fields.propertyName ?? '',
  roomType: r.fields.roomType ?? null,
  file: r.file,
  fileName: r.fileName,
  status: r.status,
  lastError: r.lastError,
  createdAt: r.createdAt,
});

/** The signed-in account's properties and property photos in the queue, oldest first. */
export async function propertyQueueSnapshot(): Promise<PropertyQueueState> {
  const account = uploadAccount();
  const mine = (await uploadQueue.list()).filter((r) => !account || sendableBy(r, account));
  const state: PropertyQueueState = { properties: [], rooms: [] };
  for (const r of mine) {
    if (r.target?.kind === 'property') state.properties.push(toProperty(r));
    else if (r.target?.kind === 'room') state.rooms.push(toRoom(r, r.target.propertyId));
  }
  return state;
}

/** The queue's properties and photos now and after every change (in any tab or the service worker). */
export function subscribePropertyQueue(listener: (state: PropertyQueueState) => void): () => void {
  const refresh = () => void propertyQueueSnapshot().then(listener, () => undefined);
  const stop = uploadQueue.subscribe(refresh);
  refresh();
  return stop;
}

/**
 * Corrects a property that has not reached the server yet, and the name its waiting photos carry. False
 * when it already went (then the server's copy is the one to change).
 */
export async function editQueuedProperty(
  id: string,
  patch: { name?: string; listingNumber?: string | null; notes?: string | null },
): Promise<boolean> {
  // Undefined: unchanged; null or empty: cleared.
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const changed = await uploadQueue.update(id, (r) => ({ ...r, fields: given({ ...r.fields, ...set }) }));
  if (changed && patch.name !== undefined) {
    const name = patch.name;
    for (const r of await uploadQueue.list())
      if (r.target?.kind === 'room' && r.target.propertyId === id)
        await uploadQueue.update(r.id, (room) => ({
          ...room,
          fields: { ...room.fields, propertyName: name },
        }));
  }
  return changed;
}

/** The room type sent with a waiting photo (null: the server detects it). False when it already went. */
export const setQueuedRoomType = (roomId: string, roomType: string | null): Promise<boolean> =>
  uploadQueue.update(roomId, (r) => ({ ...r, fields: given({ ...r.fields, roomType }) }));

/** A property deleted before it reached the server: it and its waiting photos leave the device. */
export async function discardQueuedProperty(id: string): Promise<void> {
  for (const r of await uploadQueue.list())
    if (r.id === id || (r.target?.kind === 'room' && r.target.propertyId === id))
      await uploadQueue.discard(r.id);
}
