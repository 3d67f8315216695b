import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';
import { propertyListQueryKey, propertyQueryKey } from '../../../lib/property-query-keys';
import { discardQueuedProperty } from '../../../offline/uploads';
import { propertyPath } from './get-property';

/**
 * Deletes a property with its rooms, photos, stagings and buyer link. One made offline that never
 * reached the server only leaves the device; either way its photos still waiting leave with it.
 */
export async function deleteProperty(id: string, onServer: boolean): Promise<void> {
  if (onServer) await apiJson(propertyPath(id), okSchema, { method: 'DELETE' });
  await discardQueuedProperty(id);
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, onServer }: { id: string; onServer: boolean }) => deleteProperty(id, onServer),
    onSuccess: async (_void, { id }) => {
      queryClient.removeQueries({ queryKey: propertyQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: propertyListQueryKey });
    },
  });
}
