import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdWebhookSchema, type CreateWebhookRequest } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** The answer holds the endpoint's signing secret, the only time it is sent: the caller shows it once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) =>
      apiJson(apiPath('webhooks'), createdWebhookSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
