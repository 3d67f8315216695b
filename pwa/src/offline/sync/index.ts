/**
 * Keeps this tab's queues moving (pages only): the upload runner with its Background Sync requests, and
 * the outbox's. The service worker's side of Background Sync is in offline/uploads (syncUploads).
 */
export { startOutboxSync } from './outbox-sync';
export { requestBackgroundSync, startUploadRunner, type UploadRunnerOptions } from './upload-runner';
