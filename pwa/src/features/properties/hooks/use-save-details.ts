import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertyListQueryKey, propertyQueryKey } from '../../../lib/property-query-keys';
import { editQueuedProperty } from '../../../offline/uploads';
import { updateProperty } from '../api/update-property';

export interface DetailsPatch {
  name: string;
  listingNumber: string | null;
  notes: string | null;
}

/**
 * Saves a property's name, listing number and notes: on the server, or, for one still waiting on this
 * device, in the queue (its photos carry the new name). Should it have left meanwhile, the server's copy
 * is changed instead.
 */
export function useSaveDetails(id: string, onServer: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (patch: DetailsPatch) => {
      if (!onServer && (await editQueuedProperty(id, patch))) return null;
      return updateProperty(id, patch);
    },
    onSuccess: (property) => {
      if (property) queryClient.setQueryData(propertyQueryKey(id), property);
      void queryClient.invalidateQueries({ queryKey: propertyListQueryKey });
    },
  });
}
