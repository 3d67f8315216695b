import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { propertyListSchema } from '@shared/api';
import { useEffect } from 'react';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { propertiesQueryKey, propertyListQueryKey } from '../../../lib/property-query-keys';
import { subscribeUploadEvents } from '../../../offline/uploads';

/**
 * The signed-in user's properties, newest first. The persisted copy paints at once (also offline at a
 * viewing); the server's list replaces it on start, on focus and on reconnect.
 */
export const propertiesQueryOptions = () =>
  queryOptions({
    queryKey: propertyListQueryKey,
    queryFn: ({ signal }) => apiJson(apiPath('properties'), propertyListSchema, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

/** Every property query asks again: after a property or one of its photos reached the server. */
export const refreshProperties = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: propertiesQueryKey });

/**
 * Keeps the property queries in step with the upload queue: a property made offline, or a photo, that
 * reached the server (from this tab, another one or the service worker) is asked for again.
 */
export function usePropertiesFollowQueue(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeUploadEvents((e) => {
        if (e.type === 'saved') void refreshProperties(queryClient);
      }),
    [queryClient],
  );
}

export function useProperties(enabled: boolean) {
  usePropertiesFollowQueue();
  return useQuery({ ...propertiesQueryOptions(), enabled });
}
