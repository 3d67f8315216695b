import { useQueryClient } from '@tanstack/react-query';
import type { Limits } from '@shared/api';
import { limitsQueryKey, limitsQueryOptions } from '../../../lib/limits';
import { openPaywall } from '../../../components/paywall';

/**
 * The limits asked afresh (a restored or 30 s cached copy may predate the last credit); offline, the
 * cached copy.
 */
export function useFreshLimits() {
  const queryClient = useQueryClient();
  // 'always': offline the request fails at once and the cached copy decides, instead of the check
  // waiting for the network (and the photo not being queued) until the connection is back.
  return (): Promise<Limits | undefined> =>
    queryClient
      .fetchQuery({ ...limitsQueryOptions(), staleTime: 0, networkMode: 'always' })
      .catch(() => queryClient.getQueryData<Limits>(limitsQueryKey));
}

/** Before generating: when the limits say no credits are left, the paywall opens instead. */
export function useCreditCheck() {
  const freshLimits = useFreshLimits();
  return async (): Promise<boolean> => {
    const limits = await freshLimits();
    if (limits?.canGenerate === false) {
      openPaywall();
      return false;
    }
    return true;
  };
}
