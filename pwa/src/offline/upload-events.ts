/** What happened to a queued photo, told to this context and to every other tab and the service worker. */
export type UploadEvent =
  | { type: 'changed' }
  | { type: 'created'; id: string; projectId: string }
  | { type: 'failed'; id: string; message: string }
  | { type: 'discarded'; id: string };

export const DISCARDED_MESSAGE = 'The photo was removed from the upload queue.';

const CHANNEL_NAME = 'stagely-uploads';
const listeners = new Set<(event: UploadEvent) => void>();
let channel: BroadcastChannel | null | undefined;

// Opened lazily: a BroadcastChannel never delivers to its own sender, so local listeners are called directly.
function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    if (channel) channel.onmessage = (e: MessageEvent<UploadEvent>) => listeners.forEach((l) => l(e.data));
  }
  return channel;
}

export function publishUploadEvent(event: UploadEvent): void {
  listeners.forEach((l) => l(event));
  getChannel()?.postMessage(event);
}

export function subscribeUploadEvents(listener: (event: UploadEvent) => void): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

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
