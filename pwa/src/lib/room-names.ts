import { ROOM_TYPE_LABELS, type RoomType } from '@shared/domain';

/** A room by its place in the property, as the screen names it (the agent's page and the visitor's). */
export const roomName = (position: number): string => `Room ${position}`;
/** 'Room 1 · Living Room', or with the agent's name for it: 'Room 1 · Sunny lounge'. */
export const roomTitle = (position: number, roomType: RoomType, name: string | null = null): string =>
  `${roomName(position)} · ${name ?? ROOM_TYPE_LABELS[roomType]}`;
