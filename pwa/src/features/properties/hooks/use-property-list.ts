import type { PropertySummary } from '@shared/api';
import type { QueuedProperty, QueuedRoom } from '../../../offline/uploads';
import { useProperties } from '../api/get-properties';
import { usePropertyQueue } from './use-property-queue';

/** A property as the list shows it: the server's, or one made here that the server does not have yet. */
export interface PropertyListEntry {
  property: PropertySummary;
  /** Made on this device and not on the server yet: waiting, or refused (with the server's sentence). */
  local: Pick<QueuedProperty, 'status' | 'lastError'> | null;
  /** Its photos still on this device. */
  waitingPhotos: number;
}

/** A property kept on this device, in the server's shape (no rooms on the server yet, no cover). */
export const localSummary = (p: QueuedProperty, rooms: readonly QueuedRoom[]): PropertySummary => ({
  id: p.id,
  name: p.name,
  listingNumber: p.listingNumber,
  notes: p.notes,
  mlsProfile: null,
  roomCount: rooms.length,
  coverThumbnailUrl: null,
  createdAt: new Date(p.createdAt).toISOString(),
  updatedAt: new Date(p.createdAt).toISOString(),
});

/** The server's properties (newest first) after the ones made here and not sent yet (newest first too). */
export function mergeProperties(
  server: readonly PropertySummary[],
  queue: { properties: readonly QueuedProperty[]; rooms: readonly QueuedRoom[] },
): PropertyListEntry[] {
  const known = new Set(server.map((p) => p.id));
  const photosOf = (id: string) => queue.rooms.filter((r) => r.propertyId === id);
  const local = queue.properties
    .filter((p) => !known.has(p.id))
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((p) => ({
      property: localSummary(p, photosOf(p.id)),
      local: { status: p.status, lastError: p.lastError },
      waitingPhotos: photosOf(p.id).length,
    }));
  const onServer = server.map((p) => ({ property: p, local: null, waitingPhotos: photosOf(p.id).length }));
  return [...local, ...onServer];
}

/** The list of the Properties tab: the server's (or the copy kept for offline) with what waits here. */
export function usePropertyList(enabled: boolean) {
  const query = useProperties(enabled);
  const queue = usePropertyQueue();
  const entries = mergeProperties(query.data ?? [], queue);
  return { entries, loading: enabled && query.isPending && entries.length === 0, error: query.error };
}
