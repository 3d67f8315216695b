import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyListSchema, createdApiKeySchema, type CreateApiKeyRequest } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson, apiRequest } from '../../../lib/api-client';

const key = [apiPath('apiKeys')] as const;

export function useApiKeys() {
  return useQuery({ queryKey: key, queryFn: () => apiJson(apiPath('apiKeys'), apiKeyListSchema) });
}

/** The answer holds the key itself, the only time it is sent: the caller shows it once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) =>
      apiJson(apiPath('apiKeys'), createdApiKeySchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(apiPath('apiKey', { id }), { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
