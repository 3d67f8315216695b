import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDeliverySchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { webhookDeliveriesQueryOptions } from './get-webhook-deliveries';

/** Sends a delivery again now; its new status replaces the old one in the endpoint's list. */
export function useReplayWebhookDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiJson(apiPath('webhookReplay', { id, deliveryId }), webhookDeliverySchema, { method: 'POST' }),
    onSuccess: (tried) =>
      queryClient.setQueryData(
        webhookDeliveriesQueryOptions(id).queryKey,
        (list) => list && { deliveries: list.deliveries.map((d) => (d.id === tried.id ? tried : d)) },
      ),
  });
}
