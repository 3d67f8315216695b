import type { ProjectDoc, PropertyDoc, Repositories, RoomDoc } from '../../store';

/** A room with its 1-based position in the property and its latest staging (null: none, or deleted). */
export interface PlacedRoom {
  room: RoomDoc;
  position: number;
  project: ProjectDoc | null;
}

/**
 * The rooms in the agent's order. A room stored but not yet in `roomOrder` (an upload cut off between the
 * two writes) still shows, last; an id in the order without a room is skipped. Every screen, the share
 * page and the ZIP number rooms from this one list, so position N is the same room everywhere.
 */
export function placeRooms(property: PropertyDoc, rooms: RoomDoc[], projects: ProjectDoc[]): PlacedRoom[] {
  const byId = new Map(rooms.map((r) => [r._id, r]));
  const projectById = new Map(projects.map((p) => [p._id, p]));
  const ordered = property.roomOrder.flatMap((id) => byId.get(id) ?? []);
  const listed = new Set(property.roomOrder);
  const unlisted = rooms
    .filter((r) => !listed.has(r._id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a._id.localeCompare(b._id));
  return [...ordered, ...unlisted].map((room, i) => ({
    room,
    position: i + 1,
    project: (room.projectId && projectById.get(room.projectId)) || null,
  }));
}

/** A property's rooms, placed, with their latest stagings read in one query. */
export async function loadPlacedRooms(repos: Repositories, property: PropertyDoc): Promise<PlacedRoom[]> {
  const rooms = await repos.rooms.listForProperty(property.ownerId, property._id);
  const projectIds = rooms.flatMap((r) => (r.projectId ? [r.projectId] : []));
  const projects = await repos.projects.findManyForOwner(property.ownerId, projectIds);
  return placeRooms(property, rooms, projects);
}

export type StagedRoom = PlacedRoom & { project: ProjectDoc };

/** A room whose latest staging completed with an image: what buyers see and the ZIP holds. */
export const isStaged = (placed: PlacedRoom): placed is StagedRoom =>
  placed.project?.status === 'completed' && placed.project.images.staged.length > 0;
