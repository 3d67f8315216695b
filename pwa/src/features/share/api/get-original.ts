import { useQuery } from '@tanstack/react-query';
import { originalViewSchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

/** The original a printed short address leads to; never kept on the device, like a share. */
export function useOriginal(code: string) {
  return useQuery({
    queryKey: ['/api/originals', code],
    queryFn: ({ signal }) =>
      apiJson(`/api/originals/${encodeURIComponent(code)}`, originalViewSchema, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
