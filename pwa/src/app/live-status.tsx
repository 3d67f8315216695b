import { useLiveStatus } from './use-live-status';

/** Mounted only for a signed-in user (see `LiveStatusWhenSignedIn`). */
export function LiveStatus() {
  useLiveStatus(true);
  return null;
}
