/**
 * Where everything lives in the blob store. Each project and each user owns one folder, so deleting a
 * folder removes all of it and the housekeeping can tell a folder nobody owns.
 */
export const PROJECTS_FOLDER = 'projects';
export const USERS_FOLDER = 'users';
export const PROPERTIES_FOLDER = 'properties';

export const projectBlobPrefix = (projectId: string) => `${PROJECTS_FOLDER}/${projectId}/`;

export const projectBlobKeys = (projectId: string) => ({
  original: `${projectBlobPrefix(projectId)}original.jpg`,
  thumb: `${projectBlobPrefix(projectId)}thumb.jpg`,
  staged: (variant: number) => `${projectBlobPrefix(projectId)}staged-${variant}.jpg`,
  /** A staging's first look (the engine's fast pass), until the final replaces it. */
  draft: (variant: number) => `${projectBlobPrefix(projectId)}draft-${variant}.jpg`,
  /** The AI-upscaled 4K copy of a staged image, made on its first 4K download and kept for the next. */
  upscaled4k: (variant: number) => `${projectBlobPrefix(projectId)}staged-${variant}-4k.jpg`,
  /** Where the structure check saw a staged image differ from the original (a transparent PNG). */
  changes: (variant: number) => `${projectBlobPrefix(projectId)}changes-${variant}.png`,
  /** The listing-ready copy of the first staged image whose QR code names `linkId` (a digest of its link). */
  listing: (linkId: string) => `${projectBlobPrefix(projectId)}listing-${linkId}.jpg`,
  /** That copy's C2PA check as made (its SHA-256 and verdict), so a repeat hand-over need not check again. */
  listingCheck: (linkId: string) => `${projectBlobPrefix(projectId)}listing-${linkId}.check.json`,
  /** An edit's result (lossless: outside its mask it keeps the pixels it was made from) and its 4K copy. */
  version: (n: number) => `${projectBlobPrefix(projectId)}version-${n}.png`,
  version4k: (n: number) => `${projectBlobPrefix(projectId)}version-${n}-4k.jpg`,
  /** Where an edit's result differs from the version it was made from (a transparent PNG). */
  versionChanges: (n: number) => `${projectBlobPrefix(projectId)}version-${n}-changes.png`,
});

/**
 * What the engine's own output said of itself (its C2PA manifest store, as JSON) beside a stored result
 * image (`staged-0.jpg`, `version-3.png`); absent when the output carried none.
 */
export const providerOutputKey = (imageKey: string) =>
  imageKey.replace(/\.[a-z0-9]+$/, '') + '-provider.json';

export const userBlobPrefix = (userId: string) => `${USERS_FOLDER}/${userId}/`;
export const profileImageKey = (userId: string) => `${userBlobPrefix(userId)}profile.webp`;
/** An original kept as an archive after its listing was deleted: the owner's, so it goes with the account. */
export const originalArchiveKey = (userId: string, code: string) =>
  `${userBlobPrefix(userId)}archives/${code}.jpg`;

/** A property's rooms keep their photos under the property, so deleting it removes them all. */
export const propertyBlobPrefix = (propertyId: string) => `${PROPERTIES_FOLDER}/${propertyId}/`;
export const ROOMS_FOLDER = 'rooms';
export const roomBlobPrefix = (propertyId: string, roomId: string) =>
  `${propertyBlobPrefix(propertyId)}${ROOMS_FOLDER}/${roomId}/`;
export const roomBlobKeys = (propertyId: string, roomId: string) => ({
  original: `${roomBlobPrefix(propertyId, roomId)}original.jpg`,
  thumb: `${roomBlobPrefix(propertyId, roomId)}thumb.jpg`,
});
