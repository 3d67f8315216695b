/** Fired in a page when something was queued, so a page that was not watching its queues starts to. */
export const QUEUED_EVENT = 'stagely:queued';
/** Fired by a page that can queue something (a form that works offline), so the queues' code is at hand. */
export const MAY_QUEUE_EVENT = 'stagely:may-queue';

function dispatch(name: string): void {
  // Pages only: the service worker has no window and watches nothing.
  const page = (globalThis as { window?: { dispatchEvent(event: Event): boolean } }).window;
  page?.dispatchEvent(new Event(name));
}

export function announceQueued(): void {
  dispatch(QUEUED_EVENT);
}

export function announceMayQueue(): void {
  dispatch(MAY_QUEUE_EVENT);
}
