import { useQueryClient } from '@tanstack/react-query';
import type { Limits } from '@shared/api';
import { limitsQueryKey, limitsQueryOptions } from '../../../lib/limits';
import { openPaywall } from '../../paywall';

/**
 * Before generating: when the limits say no credits are left, the paywall opens instead.
 * Asks afresh (a restored or 30 s cached copy may predate the last credit); offline, the cached copy decides.
 */
export function useCreditCheck() {
  const queryClient = useQueryClient();
  return async (): Promise<boolean> => {
    // 'always': offline the request fails at once and the cached copy decides, instead of the check
    // waiting for the network (and the photo not being queued) until the connection is back.
    const limits = await queryClient
      .fetchQuery({ ...limitsQueryOptions(), staleTime: 0, networkMode: 'always' })
      .catch(() => queryClient.getQueryData<Limits>(limitsQueryKey));
    if (limits?.canGenerate === false) {
      openPaywall();
      return false;
    }
    return true;
  };
}
