import { createChannel } from '../queue';

/** What happened to a queued photo, told to this context and to every other tab and the service worker. */
export type UploadEvent =
  | { type: 'changed' }
  | { type: 'created'; id: string; projectId: string }
  | { type: 'failed'; id: string; message: string }
  | { type: 'discarded'; id: string };

export const DISCARDED_MESSAGE = 'The photo was removed from the upload queue.';

/** The upload queue's change broadcast, which also carries what became of each photo. */
export const uploadChannel = createChannel<UploadEvent>('stagely-uploads');

export const publishUploadEvent = (event: UploadEvent): void => uploadChannel.publish(event);
export const subscribeUploadEvents = (listener: (event: UploadEvent) => void): (() => void) =>
  uploadChannel.subscribe(listener);

/**
 * Resolves with the project id once the queue (in any tab or the service worker) has uploaded the photo;
 * rejects with the server's sentence when it is refused for good, or when the user discards it.
 */
export function waitForUpload(id: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const stop = subscribeUploadEvents((e) => {
      if (e.type === 'changed' || e.id !== id) return;
      stop();
      if (e.type === 'created') resolve(e.projectId);
      else reject(new Error(e.type === 'failed' ? e.message : DISCARDED_MESSAGE));
    });
  });
}
