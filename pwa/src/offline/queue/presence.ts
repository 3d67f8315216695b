/** Fired in a page when something was queued, so a page that was not watching its queues starts to. */
export const QUEUED_EVENT = 'stagely:queued';

export function announceQueued(): void {
  // Pages only: the service worker has no window and watches nothing.
  const page = (globalThis as { window?: { dispatchEvent(event: Event): boolean } }).window;
  page?.dispatchEvent(new Event(QUEUED_EVENT));
}
