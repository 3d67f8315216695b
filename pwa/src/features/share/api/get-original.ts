import { useQuery } from '@tanstack/react-query';
import { originalViewSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';

/** The original a printed short address leads to; never kept on the device, like a share. */
export function useOriginal(code: string) {
  return useQuery({
    queryKey: [apiPath('original', { code })],
    queryFn: ({ signal }) => apiJson(apiPath('original', { code }), originalViewSchema, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
