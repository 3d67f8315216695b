import { queryOptions, useQuery } from '@tanstack/react-query';
import { authProvidersSchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/providers'],
    queryFn: () => apiJson('/api/auth/providers', authProvidersSchema),
  });

export function useProviders(enabled: boolean) {
  return useQuery({ ...providersQueryOptions(), enabled });
}
