import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_STALE_MS } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';

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

/**
 * Whether someone is signed in, for an action pressed now: while the app still asks (a slow first answer), it
 * waits for that answer instead of taking 'not known yet' for 'signed out'. Offline with nothing known: no.
 */
export function useSignedInCheck() {
  const queryClient = useQueryClient();
  return async (): Promise<boolean> =>
    Boolean(await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null));
}
