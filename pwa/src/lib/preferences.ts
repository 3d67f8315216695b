import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { preferencesSchema, type PreferencesUpdate } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from './api-client';

const key = [apiPath('userPreferences')] as const;

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: () => apiJson(apiPath('userPreferences'), preferencesSchema) });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

/** The answer replaces the cached preferences. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesUpdate) =>
      apiJson(apiPath('userPreferences'), preferencesSchema, { method: 'PUT', body }),
    onSuccess: (prefs) => queryClient.setQueryData(key, prefs),
  });
}
