import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookDeliveryListSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';

export const webhookDeliveriesQueryKey = (id: string) => [apiPath('webhookDeliveries', { id })] as const;

/** An endpoint's recent deliveries, newest first, each with its last status. */
export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: ({ signal }) =>
      apiJson(apiPath('webhookDeliveries', { id }), webhookDeliveryListSchema, { signal }),
  });

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}
