import { useMutation } from '@tanstack/react-query';
import { createSubscriptionResponseSchema } from '@shared/api';
import { ApiError, apiJson } from '../../../lib/api-client';

export const SETUP_FAILED = 'Failed to create subscription';

/** POST once when the screen opens; the server reuses an open incomplete subscription. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: async () => {
      const res = await apiJson('/api/create-subscription', createSubscriptionResponseSchema, {
        method: 'POST',
      });
      if (!res.clientSecret) throw new Error('No client secret returned');
      return res.clientSecret;
    },
  });
}

export const setupErrorMessage = (err: unknown): string =>
  err instanceof ApiError || err instanceof Error ? err.message || SETUP_FAILED : SETUP_FAILED;
