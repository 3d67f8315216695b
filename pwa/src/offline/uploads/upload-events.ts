import { createChannel } from '../queue';

/** What happened to a queued photo, told to this context and to every other tab and the service worker. */
export type UploadEvent =
  | { type: 'changed' }
  | { type: 'created'; id: string; projectId: string }
  /** A property's photo (or the property made offline) reached its property on the server. */
  | { type: 'saved'; id: string; propertyId: string }
  /** `paywall`: the server asked for Pro (e.g. a free account's property limit). */
  | { type: 'failed'; id: string; message: string; paywall?: boolean }
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
      if (e.type === 'changed' || e.type === 'saved' || e.id !== id) return;
      stop();
      if (e.type === 'created') resolve(e.projectId);
      else reject(new Error(e.type === 'failed' ? e.message : DISCARDED_MESSAGE));
    });
  });
}
