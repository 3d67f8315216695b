import {
  projectBlobPrefix,
  propertyBlobPrefix,
  roomBlobPrefix,
  type BlobStore,
  type ProjectDoc,
  type PropertyDoc,
  type Repositories,
} from '../../store';

export interface Removed {
  rooms: number;
  stagings: number;
}

/** A staging made from a room keeps only its results in its own folder; its original is the room's photo. */
async function removeStagings(blobs: BlobStore, projects: ProjectDoc[]): Promise<void> {
  for (const project of projects) await blobs.deletePrefix(projectBlobPrefix(project._id));
}

/**
 * Deletes a property with everything made from it: its stagings, its rooms, the property (and so its
 * share), then the photos. Children go first, so an interrupted delete leaves a property the owner can
 * delete again; photos go last, and the housekeeping removes a folder whose property is gone.
 */
export async function removeProperty(
  repos: Repositories,
  blobs: BlobStore,
  property: PropertyDoc,
): Promise<Removed> {
  const { ownerId, _id: id } = property;
  const stagings = await repos.projects.deleteAllForProperty(ownerId, id);
  await removeStagings(blobs, stagings);
  const rooms = await repos.rooms.deleteAllForProperty(id);
  await repos.properties.delete(ownerId, id);
  // A room upload that slipped in while this ran stored its room after the first sweep.
  const late = await repos.rooms.deleteAllForProperty(id);
  await blobs.deletePrefix(propertyBlobPrefix(id));
  return { rooms: rooms + late, stagings: stagings.length };
}

/** Deletes one room of a property: its stagings, the room, its place in the order, then its photos. */
export async function removeRoom(
  repos: Repositories,
  blobs: BlobStore,
  property: PropertyDoc,
  roomId: string,
): Promise<boolean> {
  const { ownerId, _id: id } = property;
  const room = await repos.rooms.findForOwner(ownerId, roomId);
  if (room?.propertyId !== id) return false;
  await removeStagings(blobs, await repos.projects.deleteAllForProperty(ownerId, id, roomId));
  await repos.rooms.delete(ownerId, roomId);
  await repos.properties.removeRoom(ownerId, id, roomId);
  await blobs.deletePrefix(roomBlobPrefix(id, roomId));
  return true;
}

/** Every property of an account, with all that belongs to them (account deletion). */
export async function removeAllProperties(
  repos: Repositories,
  blobs: BlobStore,
  ownerId: string,
): Promise<number> {
  const properties = await repos.properties.listForOwner(ownerId);
  for (const property of properties) await removeProperty(repos, blobs, property);
  // Rooms whose property was already gone (an interrupted delete) go too.
  await repos.rooms.deleteAllForOwner(ownerId);
  return properties.length;
}
