import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookListSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';

export const webhooksQueryKey = [apiPath('webhooks')] as const;

/** The account's webhook endpoints, newest first. */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) => apiJson(apiPath('webhooks'), webhookListSchema, { signal }),
  });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
