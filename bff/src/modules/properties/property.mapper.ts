import {
  apiPath,
  type Property,
  type PropertyRoom,
  type PropertySummary,
  type RoomProject,
} from '@shared/api';
import { isMlsProfileId } from '@shared/domain';
import type { ProjectDoc, PropertyDoc, RoomDoc } from '../../store';
import { creditBackOf, stagedImageUrl, structureOf } from '../projects';
import type { PlacedRoom } from './room-order';

export const roomImageUrl = (propertyId: string, roomId: string, kind: 'original' | 'thumb') =>
  apiPath('propertyRoomImage', { id: propertyId, roomId, kind });

/** A room's latest staging as the property screen shows it; errors of earlier attempts only once it failed. */
export function toRoomProject(doc: ProjectDoc): RoomProject {
  const completed = doc.status === 'completed' && doc.images.staged.length > 0;
  return {
    id: doc._id,
    name: doc.name,
    status: doc.status,
    progress: String(Math.max(0, Math.min(100, Math.round(doc.progress)))),
    stagedImageUrl: completed ? stagedImageUrl(doc) : null,
    error: doc.status === 'failed' ? (doc.error ?? 'Processing failed') : null,
    stylePreset: doc.stylePreset,
    colorPalette: doc.colorPalette,
    engine: doc.engine,
    concept: doc.concept === true,
    structure: structureOf(doc),
    ...creditBackOf(doc),
  };
}

export function toPropertyRoom(room: RoomDoc, position: number, project: ProjectDoc | null): PropertyRoom {
  return {
    id: room._id,
    position,
    roomType: room.roomType,
    detected: room.detected
      ? {
          roomType: room.detected.roomType,
          confident: room.detected.confident,
          style: room.detected.style ?? null,
        }
      : null,
    originalImageUrl: roomImageUrl(room.propertyId, room._id, 'original'),
    thumbnailUrl: roomImageUrl(room.propertyId, room._id, 'thumb'),
    width: room.width,
    height: room.height,
    project: project ? toRoomProject(project) : null,
    createdAt: room.createdAt.toISOString(),
  };
}

export function toPropertySummary(doc: PropertyDoc): PropertySummary {
  const cover = doc.roomOrder[0];
  return {
    id: doc._id,
    name: doc.name,
    listingNumber: doc.listingNumber,
    notes: doc.notes,
    mlsProfile: doc.mlsProfile && isMlsProfileId(doc.mlsProfile) ? doc.mlsProfile : null,
    roomCount: doc.roomOrder.length,
    coverThumbnailUrl: cover ? roomImageUrl(doc._id, cover, 'thumb') : null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** The property with its rooms in order; the counts and the cover follow the rooms that really exist. */
export function toProperty(doc: PropertyDoc, rooms: PlacedRoom[]): Property {
  const first = rooms[0]?.room;
  return {
    ...toPropertySummary(doc),
    roomCount: rooms.length,
    coverThumbnailUrl: first ? roomImageUrl(doc._id, first._id, 'thumb') : null,
    rooms: rooms.map(({ room, position, project }) => toPropertyRoom(room, position, project)),
  };
}
