import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicPropertySchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

export const publicPropertyQueryKey = (token: string) => ['/api/property-shares', token] as const;

/**
 * A shared property as anyone with the link sees it. Never kept on the device, and asked again when the
 * tab regains focus, so a revoked link turns into the "no longer available" page instead of lingering.
 */
export const publicPropertyQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicPropertyQueryKey(token),
    queryFn: ({ signal }) =>
      apiJson(`/api/property-shares/${encodeURIComponent(token)}`, publicPropertySchema, { signal }),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: true,
  });

export function usePublicProperty(token: string, enabled: boolean) {
  return useQuery({ ...publicPropertyQueryOptions(token), enabled });
}
