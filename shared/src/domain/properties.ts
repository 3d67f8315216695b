import { ROOM_TYPE_LABELS, type RoomType } from './staging';

/** Free accounts keep this many properties; Pro has no limit. */
export const FREE_PROPERTIES_MAX = 2;
export const PROPERTY_NAME_MAX = 120;
export const LISTING_NUMBER_MAX = 40;
export const PROPERTY_NOTES_MAX = 2000;
/** Rooms (photos) one property holds. */
export const PROPERTY_ROOMS_MAX = 30;

/** The paywall's title when a free account reaches its property limit. */
export const PROPERTY_LIMIT_TITLE = 'Property Limit Reached';
export const PROPERTY_LIMIT_MESSAGE = `Free accounts can keep ${FREE_PROPERTIES_MAX} properties. Delete one, or upgrade to Pro for unlimited properties.`;
export const PROPERTY_ROOMS_FULL_MESSAGE = `A property holds at most ${PROPERTY_ROOMS_MAX} photos.`;

/**
 * `01-living-room.jpg`: position (1-based, two digits) and the room's name (the agent's, else its room
 * type), as agents file listing photos.
 */
export function roomFileName(
  position: number,
  roomType: RoomType,
  suffix = '',
  name: string | null = null,
): string {
  const words = (name ?? ROOM_TYPE_LABELS[roomType])
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const slug = words || ROOM_TYPE_LABELS[roomType].toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${String(position).padStart(2, '0')}-${slug}${suffix}.jpg`;
}

/**
 * The name the agent gave a room, from its staging's project name ('9 Oak Ln - Kitchen' when never
 * renamed): null while it only says the property and a room type, else the name without the property.
 */
export function customRoomName(projectName: string | null | undefined, propertyName: string): string | null {
  if (!projectName) return null;
  const prefix = `${propertyName} - `;
  const rest = (projectName.startsWith(prefix) ? projectName.slice(prefix.length) : projectName).trim();
  const plain = rest.toLowerCase();
  const roomTypeOnly = Object.entries(ROOM_TYPE_LABELS).some(
    ([id, label]) => plain === id || plain === label.toLowerCase(),
  );
  return rest === '' || roomTypeOnly || rest === propertyName ? null : rest;
}

/** 402 when a run asks for more rooms than credits are left. */
export const notEnoughCreditsMessage = (rooms: number, left: number) =>
  `Staging ${rooms} ${rooms === 1 ? 'room needs 1 credit' : `rooms needs ${rooms} credits`}; you have ${left} left this month. Choose fewer rooms, or upgrade to Pro for unlimited staging.`;

/**
 * The buyers' page of a shared property, and one room's unedited original on it (the QR code target). By
 * the room's id, so a printed code still names its room after the rooms are reordered.
 */
export const propertySharePagePath = (token: string) => `/p/${token}`;
export const propertyRoomOriginalPath = (token: string, roomId: string) =>
  `${propertySharePagePath(token)}/rooms/${roomId}/original`;

/** `12-harbor-rd.zip`: the property's name as a file name agents recognise in their downloads. */
export function propertyZipFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'property'}.zip`;
}
