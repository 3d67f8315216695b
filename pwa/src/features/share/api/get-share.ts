import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicShareSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';

export const shareQueryKey = (token: string) => [apiPath('shares', { token })] as const;

/**
 * A shared project as anyone with the link sees it. Never kept on the device, and asked again when the
 * tab regains focus, so a revoked link turns into the buyer's "no longer available" page instead of lingering.
 */
export const shareQueryOptions = (token: string) =>
  queryOptions({
    queryKey: shareQueryKey(token),
    queryFn: ({ signal }) => apiJson(apiPath('shares', { token }), publicShareSchema, { signal }),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: true,
  });

export function useShare(token: string, enabled: boolean) {
  return useQuery({ ...shareQueryOptions(token), enabled });
}
