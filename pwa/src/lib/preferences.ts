import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { preferencesSchema, type PreferencesUpdate } from '@shared/api';
import { apiJson } from './api-client';

const key = ['/api/user/preferences'] as const;

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: () => apiJson('/api/user/preferences', preferencesSchema) });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

/** The answer replaces the cached preferences. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesUpdate) =>
      apiJson('/api/user/preferences', preferencesSchema, { method: 'PUT', body }),
    onSuccess: (prefs) => queryClient.setQueryData(key, prefs),
  });
}
