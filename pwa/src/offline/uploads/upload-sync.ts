import { registerSync, syncInWorker, type SyncWindow } from '../queue';
import { FLUSH_MESSAGE, SYNC_TAG } from './sync-constants';
import { flushUploads, setUploadAccount, unblockUploads, waitsForServer, type Sender } from './upload-queue';
import type { UploadAccount } from './upload-owner';

export type { FlushAnswer, SyncWindow } from '../queue';

/** Asks the browser to send the photos for us, even with no tab open (see registerSync). */
export const registerUploadSync = (registration: unknown): Promise<void> =>
  registerSync(registration, SYNC_TAG);

export interface BackgroundSyncDeps {
  windows: () => Promise<readonly SyncWindow[]>;
  /** Who the session belongs to (throws when the server is unreachable). */
  account: () => Promise<UploadAccount | null>;
  send: Sender;
  /** How long an open tab may take to flush and answer before the service worker sends the photos itself. */
  answerWithinMs?: number;
}

export const STILL_WAITING = 'Photos still wait for the server: the browser tries again later';
const ANSWER_WITHIN_MS = 60_000;

/**
 * The service worker's Background Sync event for the upload queue. An open tab flushes itself; with none
 * (or none answering) the service worker sends the signed-in account's photos. It fails while photos
 * still wait for the server, so the browser fires it again later even if no tab is ever opened.
 */
export function syncUploads({
  windows,
  account,
  send,
  answerWithinMs = ANSWER_WITHIN_MS,
}: BackgroundSyncDeps): Promise<void> {
  return syncInWorker({
    windows,
    flushMessage: { type: FLUSH_MESSAGE },
    answerWithinMs,
    flushHere: async () => {
      setUploadAccount(await account());
      // A 401 or 402 met by an earlier event of this worker may be over by now: every event tries afresh.
      unblockUploads();
      await flushUploads(send, undefined, Date.now, true);
    },
    waitsForServer,
    stillWaiting: STILL_WAITING,
  });
}
