import { queryOptions, useQuery } from '@tanstack/react-query';
import { authProvidersSchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

/** GET /api/auth/providers: the sign-in methods this deployment offers (the dialog, the legal pages). */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/providers'],
    queryFn: () => apiJson('/api/auth/providers', authProvidersSchema),
  });

export function useProviders(enabled = true) {
  return useQuery({ ...providersQueryOptions(), enabled });
}
