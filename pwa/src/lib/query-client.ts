import { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** How long a query stays in memory and on the device (the persisted copy's age limit). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

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
