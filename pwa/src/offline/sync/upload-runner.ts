import type { UploadRecord } from '../db';
import { requestSync, startQueueRunner } from '../queue';
import { claimUploads, FLUSH_MESSAGE, flushUploads, SYNC_TAG, uploadQueue, type Sender } from '../uploads';

/**
 * The sender (and zod with it) loads when there is a photo to send, not with the page. Imported here,
 * outside offline/uploads, so the service worker (which imports that) never meets a dynamic import.
 */
const sendUpload: Sender = (record) => import('../sender').then((m) => m.sendUpload(record));

export interface UploadRunnerOptions {
  onCreated: (projectId: string, record: UploadRecord) => void;
  send?: Sender;
}

/** Asks the browser to flush for us even if the tab closes (Background Sync, where it exists). */
export const requestBackgroundSync = (): Promise<void> => requestSync(SYNC_TAG);

/**
 * Runs the upload queue in this tab (see startQueueRunner for when it flushes). Only the signed-in
 * account's photos go (see setUploadAccount); unclaimed ones become its own on every kick, even offline.
 * Returns a `kick` to flush now and a `stop`.
 */
export function startUploadRunner({ onCreated, send = sendUpload }: UploadRunnerOptions) {
  return startQueueRunner(uploadQueue, {
    prepare: claimUploads,
    flush: (force) => flushUploads(send, onCreated, Date.now, force),
    backgroundSync: { tag: SYNC_TAG, flushMessage: FLUSH_MESSAGE },
  });
}
