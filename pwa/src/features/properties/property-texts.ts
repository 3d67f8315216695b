import { STYLE_PRESET_LABELS, type RoomType, type StylePreset } from '@shared/domain';
import { roomName, roomTitle } from '../../lib/room-names';

export { roomName, roomTitle } from '../../lib/room-names';

/** A staged room's way to its project, named in its link and in what the share question adds. */
const OPEN_ROOM_PROJECT = 'Open in workspace';

/** The words of the properties list, the property screen and its stage panel. */
export const PROPERTY_TEXTS = {
  title: 'Properties',
  newProperty: 'New property',
  loading: 'Loading properties...',
  empty: 'No properties yet. Keep the rooms of one listing together, even offline at the viewing.',
  signIn: "Sign in to keep a listing's rooms together as a property.",
  savedOnDevice: 'Saved on this device',
  notSaved: 'Not saved',
  waitingHint: 'It is added to your account by itself when you are back online.',
  back: 'All properties',
  notFound: 'This property was not found. It may have been deleted on another device.',
  loadFailed: 'The property could not be loaded.',
  notOnDevice: 'This property is not kept on this device yet. Open it once you are back online.',
  tryAgain: 'Try again',

  createTitle: 'New property',
  nameLabel: 'Name or address',
  listingLabel: 'Listing number',
  notesLabel: 'Notes',
  optional: '(optional)',
  create: 'Create property',
  creating: 'Creating...',
  createdOffline: 'Property Saved on This Device',
  createdOfflineText:
    'It is added to your account when you are back online. Take its photos now: they wait with it.',

  details: 'Details',
  saveDetails: 'Save details',
  saving: 'Saving...',
  detailsSaved: 'Details Saved',
  saveFailed: 'Saving Failed',

  rooms: 'Rooms',
  noRooms: 'No photos yet. Take a photo of each room, or add photos you already took.',
  takePhoto: 'Take photo',
  addPhotos: 'Add photos',
  nextRoom: 'Next room',
  done: 'Done',
  detected: 'Detected',
  notDetected: 'Not detected',
  detectedLater: 'Detected after upload',
  queued: 'Queued',
  uploading: 'Uploading...',
  uploaded: 'Uploaded',
  retry: 'Retry',
  discard: 'Discard',
  moveFailed: 'Reorder Failed',
  roomTypeFailed: 'Room Type Not Saved',
  deleteRoom: 'Delete room',
  deleteRoomTitle: 'Delete this room?',
  deleting: 'Deleting...',
  roomDeleted: 'Room Deleted',
  deleteFailed: 'Delete Failed',
  photoNotSaved: 'Photo Not Saved',
  photoNotSavedText: 'The photo could not be kept on this device. Please try again.',

  deleteProperty: 'Delete property',
  propertyDeleted: 'Property Deleted',
  propertyDeletedText: 'The property, its rooms and its stagings were deleted.',
  deletePropertyText: 'Its photos, stagings and buyer link are deleted too. This cannot be undone.',

  stageTitle: 'Stage the property',
  stageHint: 'One style for every room you choose; each room is staged as its own room type.',
  roomsToStage: 'Rooms to stage',
  chooseRooms: 'Choose at least one room.',
  needsConnection: 'Staging needs a connection: the rooms can be staged once you are back online.',
  waitForUploads: 'Photos still uploading join the property once they arrive.',
  starting: 'Starting...',
  stageFailed: 'Staging Not Started',
  overall: 'Overall progress',
  restage: 'Restage',
  roomRestaging:
    'This room is being staged again, in its place: its new staging shows here when it is ready.',
  resultsTitle: 'Before & after',
  resultsHint: 'Each staged room, before and after. Drag a slider to compare.',
  /** A staged room's way to its project in the workspace, where every result is worked on. */
  openRoomProject: OPEN_ROOM_PROJECT,
  openRoomProjectLabel: (room: string) => `Open ${room} in the workspace`,
  /** After the listing-ready download's share question: that card is not on the property page. */
  roomShareWhere: `That card is in the room's project: ${OPEN_ROOM_PROJECT}.`,
  /** Names a staged room's tools toggle after its visible words ('Versions and edits') and the room. */
  roomToolsLabel: (tools: string, room: string) => `${tools}: ${room}`,

  handOverTitle: 'Hand over',
  downloadZip: 'Download ZIP',
  downloading: 'Preparing ZIP...',
  zipHint:
    "The photos in room order as your MLS's rules want them, the unedited originals, captions.csv and disclosure.txt, in one file.",
  mlsLabel: 'MLS rules for this property',
  mlsFromSettings: (name: string) => `My MLS in Settings (${name})`,
  mlsFailed: 'MLS Rules Not Changed',
  zipNeedsStaging: 'Stage at least one room to download the listing photos.',

  shareTitle: 'Share with buyers',
  shareHint:
    "A public page with every staged room's before/after slider, marked 'Virtually staged'. No account needed to view it.",
  shareButton: 'Share with buyers',
  creatingLink: 'Creating link...',
  shareLink: 'Buyer link',
  copyLink: 'Copy link',
  openPage: 'Open page',
  revokeLink: 'Revoke link',
  revoking: 'Revoking...',
  revokeTitle: 'Revoke this buyer link?',
  linkRevokedText: 'The property page no longer opens for anyone.',
  linkCopiedText: 'Paste it into a message to your buyers.',
} as const;

/** Asked before a ZIP download makes the property's buyer link (its QR codes need that page). */
export const ZIP_SHARE_CONFIRM = {
  title: 'Create a public link for the QR codes?',
  description:
    "Every listing-ready photo in the ZIP carries a QR code and a short web address that lead to a public page showing the room's unedited original. Downloading it creates that buyer link for this property: anyone with the link can see the before and after photos of its staged rooms, no account needed. You can revoke it at any time under 'Share with buyers'.",
  confirm: 'Create link and download',
  busy: 'Creating link...',
} as const;

export const roomCount = (n: number): string => `${n} ${n === 1 ? 'room' : 'rooms'}`;
/** The stage button: how many rooms it sends; none chosen (all staged after a run) says what to do. */
export const stageLabel = (n: number): string =>
  n === 0 ? 'Choose rooms to stage' : n === 1 ? 'Stage 1 room' : `Stage ${n} rooms`;
export const stagedCount = (done: number, total: number): string => `${done} of ${total} staged`;
export const styleLabel = (style: StylePreset): string => `${STYLE_PRESET_LABELS[style]} style`;
/** The look the analysis saw in most rooms, offered for the run. */
export const styleSuggestion = (style: StylePreset, rooms: number, of: number): string =>
  of === 1
    ? `The room looks ${STYLE_PRESET_LABELS[style]}.`
    : `${rooms} of ${of} rooms look ${STYLE_PRESET_LABELS[style]}.`;
export const applyStyleLabel = (style: StylePreset): string => `Use ${STYLE_PRESET_LABELS[style]}`;
export const capturedText = (n: number): string => `${roomName(n)} is saved on this device.`;
export const deletePropertyTitle = (name: string, rooms: number): string =>
  rooms === 0 ? `Delete ${name}?` : `Delete ${name} and its ${roomCount(rooms)}?`;
export const deleteRoomText = (position: number, roomType: RoomType): string =>
  `${roomTitle(position, roomType)} and its staging leave the property. This cannot be undone.`;
