import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';
import { webhooksQueryKey } from './get-webhooks';

/** Removes an endpoint (the server drops its deliveries too), then refreshes the list. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson(apiPath('webhook', { id }), okSchema, { method: 'DELETE' }),
    onSuccess: async (_ok, id) => {
      queryClient.removeQueries({ queryKey: webhookDeliveriesQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}
