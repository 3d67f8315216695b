import { STATUS_POLL_MS } from '@shared/domain';

/**
 * While the page's event stream is open, status changes arrive as they happen: polling only backs it up,
 * slowly. Without it (an error, offline, no EventSource) the 2 s polling is what keeps pages current.
 */
export const LIVE_BACKUP_POLL_MS = STATUS_POLL_MS * 5;

let open = false;

export function setLiveStreamOpen(value: boolean): void {
  open = value;
}

export function isLiveStreamOpen(): boolean {
  return open;
}

/** The poll interval for work under way: the 2 s one, or the slow backup while the stream is open. */
export const statusPollMs = (): number => (open ? LIVE_BACKUP_POLL_MS : STATUS_POLL_MS);
