import { queryOptions, useQuery } from '@tanstack/react-query';
import { authProvidersSchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

/** Same key as the sign-in dialog's query, so both share one cached answer. */
export const signInProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/providers'],
    queryFn: () => apiJson('/api/auth/providers', authProvidersSchema),
  });

export function useSignInProviders() {
  return useQuery(signInProvidersQueryOptions());
}
