import { QueryClient } from '@tanstack/react-query';
import { PERSIST_MAX_AGE_MS } from '../offline/cache';
import { apiRequest } from './api-client';

/** No retries, no refetch on focus, no polling, never stale unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        // Kept as long as the persisted copy, so a reload offline still has the project list.
        gcTime: PERSIST_MAX_AGE_MS,
        // Default read: GET the path made of the key's segments joined with '/'.
        queryFn: async ({ queryKey, signal }) => {
          const res = await apiRequest(queryKey.join('/'), { signal });
          return (await res.json()) as unknown;
        },
      },
      mutations: { retry: false },
    },
  });
}
