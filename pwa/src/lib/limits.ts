import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Limits } from '@shared/api';
import { LIMITS_CACHE_MS, PAYWALL_FALLBACK_MAX } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { hasSignedInHint } from './auth';

export const limitsQueryKey = [apiPath('userLimits')] as const;

/** Cached 30 s, refetched on window focus; only for signed-in users. */
export const limitsQueryOptions = () =>
  queryOptions({
    queryKey: limitsQueryKey,
    // A view still mounted during sign-out must not ask (and earn a 401): no session hint, no request.
    queryFn: () =>
      hasSignedInHint()
        ? import('./session-requests').then((m) => m.fetchLimits())
        : Promise.reject(new Error('Signed out')),
    staleTime: LIMITS_CACHE_MS,
    refetchOnWindowFocus: true,
  });

export function useLimits(enabled: boolean) {
  return useQuery({ ...limitsQueryOptions(), enabled });
}

/** '∞' when the maximum is not a number (Pro). */
export const formatMaxGenerations = (limits: Limits): string =>
  typeof limits.maxGenerations === 'number' ? String(limits.maxGenerations) : '∞';

/** The paywall's N: the maximum, or 10 when it is not a number. */
export const paywallMax = (limits: Limits | undefined): number =>
  typeof limits?.maxGenerations === 'number' ? limits.maxGenerations : PAYWALL_FALLBACK_MAX;

/**
 * Whether the account is Pro: false signed out or on the free plan, undefined while the plan is not known
 * yet (nothing is locked or changed on a guess).
 */
export function useIsPro(): boolean | undefined {
  const signedIn = hasSignedInHint();
  const limits = useLimits(signedIn);
  if (!signedIn) return false;
  return limits.data?.hasActiveSubscription;
}

/** Credits left for a run, or null when there is no limit (Pro) or it is not known. */
export function creditsLeft(
  limits:
    | { hasActiveSubscription: boolean; generationsUsed: number; maxGenerations: number | 'unlimited' }
    | undefined,
): number | null {
  if (!limits || limits.hasActiveSubscription || limits.maxGenerations === 'unlimited') return null;
  return Math.max(0, limits.maxGenerations - limits.generationsUsed);
}
