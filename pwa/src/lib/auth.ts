import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@shared/api';
import { USER_STALE_MS } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { clearPersistedQueries, clearUserCaches, releaseDevice, takeOverDevice } from '../offline/cache';
import { forgetDevicePush } from '../offline/service-worker';
import { setUploadAccount, unblockUploads, uploadAccountOf } from '../offline/uploads';

export const currentUserQueryKey = [apiPath('authUser')] as const;

/** The BFF sets this readable, non-secret cookie while a session exists (the session cookie is httpOnly). */
export const SIGNED_IN_HINT_COOKIE = 'stagely_auth';

// Rendered at build time (no document), the page is the one for visitors.
const pageCookie = () => (typeof document === 'undefined' ? '' : document.cookie);

export function hasSignedInHint(cookie: string = pageCookie()): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/**
 * 401 means signed out (null); refetched on focus and reconnect; 1 s stale time.
 * Visitors without the hint are signed out without a request, so their console shows no 401.
 */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: () =>
      hasSignedInHint()
        ? import('./session-requests').then((m) => m.fetchCurrentUser())
        : Promise.resolve(null),
    // Known at once for visitors: the landing page renders in the first frame, not after a spinner.
    initialData: hasSignedInHint() ? undefined : null,
    staleTime: USER_STALE_MS,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** After sign-in: store the user at once and refresh what depends on who is signed in. */
export async function onSignedIn(queryClient: QueryClient, user: User): Promise<void> {
  // Before anything else: the queue must never send with this session as the previous account.
  setUploadAccount(uploadAccountOf(user));
  unblockUploads(); // photos kept by a 401 may go now
  claimDevice(queryClient, user.id);
  queryClient.setQueryData(currentUserQueryKey, user);
  await queryClient.invalidateQueries({ queryKey: [apiPath('projects')] });
  await queryClient.invalidateQueries({ queryKey: [apiPath('userLimits')] });
}

const notTheUser = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== currentUserQueryKey[0];

/**
 * `userId` is signed in on this device (a sign-in here, or a session found on start, e.g. after OAuth).
 * If another account's session ended here without a log-out, nothing of that account stays: its cached
 * images go, and its projects and limits are reset (the ones on screen load again for this account).
 */
export function claimDevice(queryClient: QueryClient, userId: string): void {
  if (!takeOverDevice(userId)) return;
  clearPersistedQueries();
  void queryClient.resetQueries({ predicate: notTheUser });
}

/** After sign-out or account deletion: nothing of the previous user stays in memory. */
export function onSignedOut(queryClient: QueryClient): void {
  setUploadAccount(null); // queued photos stay on the device, unsent, until their account signs in
  // clear() would detach mounted observers and leave them showing the old user; set, then drop the rest.
  queryClient.setQueryData(currentUserQueryKey, null);
  queryClient.removeQueries({ predicate: notTheUser });
  queryClient.getMutationCache().clear();
  clearPersistedQueries();
  void clearUserCaches();
  // The previous account's 'your photos are staged' never shows on this device again.
  void forgetDevicePush();
  releaseDevice();
}
