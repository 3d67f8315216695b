import { useMutation } from '@tanstack/react-query';
import { createSubscriptionResponseSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { ApiError, apiJson } from '../../../lib/api-client';

export const SETUP_FAILED = 'Failed to create subscription';

/** POST once when the screen opens; the server reuses an open incomplete subscription. Null: nothing to pay. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: async () => {
      const res = await apiJson(apiPath('createSubscription'), createSubscriptionResponseSchema, {
        method: 'POST',
      });
      // Null: the first invoice had nothing to pay (a coupon or a trial), so the account is Pro already.
      return res.clientSecret;
    },
  });
}

export const setupErrorMessage = (err: unknown): string =>
  err instanceof ApiError || err instanceof Error ? err.message || SETUP_FAILED : SETUP_FAILED;
