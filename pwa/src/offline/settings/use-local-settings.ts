import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocalSettings } from '@shared/domain';
import { readLocalSettings, writeLocalSettings } from './local-settings';

export const localSettingsQueryKey = ['local-settings'] as const;

/** Read from IndexedDB once per session; the cache is updated on save. */
export const localSettingsQueryOptions = () =>
  queryOptions({ queryKey: localSettingsQueryKey, queryFn: readLocalSettings, networkMode: 'always' });

export function useLocalSettings() {
  return useQuery(localSettingsQueryOptions());
}

export function useSaveLocalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LocalSettings) => writeLocalSettings(settings),
    networkMode: 'always',
    onSuccess: (saved) => queryClient.setQueryData(localSettingsQueryKey, saved),
  });
}
