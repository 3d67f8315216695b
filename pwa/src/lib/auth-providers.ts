import { queryOptions, useQuery } from '@tanstack/react-query';
import { authProvidersSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from './api-client';

/** GET /api/auth/providers: the sign-in methods this deployment offers (the dialog, the legal pages). */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: [apiPath('authProviders')],
    queryFn: () => apiJson(apiPath('authProviders'), authProvidersSchema),
  });

export function useProviders(enabled = true) {
  return useQuery({ ...providersQueryOptions(), enabled });
}
