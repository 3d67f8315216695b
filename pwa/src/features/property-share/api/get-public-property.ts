import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicPropertySchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';

export const publicPropertyQueryKey = (token: string) => [apiPath('propertyShares', { token })] as const;

/**
 * A shared property as anyone with the link sees it. Never kept on the device, and asked again when the
 * tab regains focus, so a revoked link turns into the "no longer available" page instead of lingering.
 */
export const publicPropertyQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicPropertyQueryKey(token),
    queryFn: ({ signal }) => apiJson(apiPath('propertyShares', { token }), publicPropertySchema, { signal }),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: true,
  });

export function usePublicProperty(token: string, enabled: boolean) {
  return useQuery({ ...publicPropertyQueryOptions(token), enabled });
}
