import { ROOM_TYPE_LABELS, type RoomType } from '@shared/domain';

/** A room by its place in the property, as the screen names it (the agent's page and the visitor's). */
export const roomName = (position: number): string => `Room ${position}`;
export const roomTitle = (position: number, roomType: RoomType): string =>
  `${roomName(position)} · ${ROOM_TYPE_LABELS[roomType]}`;
