import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okSchema, publishedLinksSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { propertyListQueryKey, propertyQueryKey } from '../../../lib/property-query-keys';
import { discardQueuedProperty } from '../../../offline/uploads';
import { propertyPath } from './get-property';

/**
 * Deletes a property with its rooms, photos, stagings and buyer link. One made offline that never
 * reached the server only leaves the device; either way its photos still waiting leave with it.
 */
export async function deleteProperty(id: string, onServer: boolean, keep = false): Promise<void> {
  const query = keep ? '?keep=archive' : '';
  if (onServer) await apiJson(`${propertyPath(id)}${query}`, okSchema, { method: 'DELETE' });
  await discardQueuedProperty(id);
}

/** How many printed short addresses deleting the property would break (asked when its dialog opens). */
export function usePropertyPublishedLinks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...propertyQueryKey(id), 'published-links'],
    queryFn: () => apiJson(apiPath('propertyPublishedLinks', { id }), publishedLinksSchema),
    enabled,
    staleTime: 0,
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, onServer, keep }: { id: string; onServer: boolean; keep?: boolean }) =>
      deleteProperty(id, onServer, keep),
    onSuccess: async (_void, { id }) => {
      queryClient.removeQueries({ queryKey: propertyQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: propertyListQueryKey });
    },
  });
}
