import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../lib/auth';
import { clearPersistedQueries, takeOverDevice } from '../cache';

/** Every query but the current user's: what belongs to whoever is signed in. */
export const notTheUser = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== currentUserQueryKey[0];

/**
 * `userId` is signed in on this device (a sign-in here, or a session found on start, e.g. after OAuth).
 * If another account's session ended here without a log-out, nothing of that account stays: its cached
 * images go, and its projects and limits are reset (the ones on screen load again for this account).
 * A file of its own: the app runs it on start, and the first page must not carry the sign-in and
 * sign-out code (the upload queue, push) that device-session.ts brings.
 */
export function claimDevice(queryClient: QueryClient, userId: string): void {
  if (!takeOverDevice(userId)) return;
  clearPersistedQueries();
  void queryClient.resetQueries({ predicate: notTheUser });
}
