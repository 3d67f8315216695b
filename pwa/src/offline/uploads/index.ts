/**
 * The upload queue: photos kept on the device until the server created their project (or their room of a
 * property), and properties made offline, sent by the signed-in account only, oldest first (the queue
 * mechanism of offline/queue with photos for items).
 */
export type { UploadRecord, UploadStatus, UploadTarget } from '../db';
export { DISCARDED_MESSAGE, publishUploadEvent, subscribeUploadEvents, waitForUpload } from './upload-events';
export type { UploadEvent } from './upload-events';
export { clearUploads, discardAccountUploads } from './upload-cleanup';
export { projectUploadFields, type ProjectUploadOptions } from './upload-fields';
export { uploadAccountOf, type OtherAccountUploads, type UploadAccount } from './upload-owner';
export {
  backoffMs,
  claimUploads,
  discardUpload,
  enqueueUpload,
  flushUploads,
  isBlocked,
  nextDueAt,
  onUnblocked,
  releaseUpload,
  retryUpload,
  setUploadAccount,
  settleUpload,
  unblockUploads,
  uploadAccount,
  uploadQueue,
  waitsForServer,
  type OnCreated,
  type SendResult,
  type Sender,
} from './upload-queue';
export { classifyUploadError, postProject, sendProjectUpload, sessionAccount } from './upload-sender';
export { classifyPropertyError, postProperty, postRoom, sendPropertyUpload } from './property-sender';
export {
  discardQueuedProperty,
  editQueuedProperty,
  enqueueProperty,
  enqueueRoomPhoto,
  propertyQueueSnapshot,
  setQueuedRoomType,
  subscribePropertyQueue,
  type PropertyQueueState,
  type QueuedProperty,
  type QueuedPropertyInput,
  type QueuedRoom,
  type RoomPhotoInput,
} from './property-uploads';
export { subscribeQueue, type QueueState } from './upload-state';
export { getUpload, listUploads, putUpload } from './upload-store';
export {
  registerUploadSync,
  STILL_WAITING,
  syncUploads,
  type BackgroundSyncDeps,
  type FlushAnswer,
  type SyncWindow,
} from './upload-sync';
export { FLUSH_MESSAGE, SYNC_TAG } from './sync-constants';
export {
  OFFLINE_NOTHING_QUEUED,
  SIGN_IN,
  SIGN_IN_AGAIN,
  WAITING_FOR_CONNECTION,
  WAITING_FOR_SIGN_IN,
  discardOtherAccountText,
  otherAccountText,
  photoCount,
  QUEUED_PHOTO_CREATED,
  queuedDescription,
  waitingText,
  type WaitingCounts,
} from './upload-texts';
