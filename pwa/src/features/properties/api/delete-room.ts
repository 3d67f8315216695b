import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema, type Property } from '@shared/api';
import { apiJson } from '../../../lib/api-client';
import { propertyListQueryKey, propertyQueryKey } from '../../../lib/property-query-keys';
import { reordered } from './update-property';
import { roomPath } from './update-room';

export async function deleteRoom(propertyId: string, roomId: string): Promise<void> {
  await apiJson(roomPath(propertyId, roomId), okSchema, { method: 'DELETE' });
}

/** Deletes a room with its photo and staging; the rooms after it move up. */
export function useDeleteRoom(propertyId: string) {
  const queryClient = useQueryClient();
  const key = propertyQueryKey(propertyId);
  return useMutation({
    mutationFn: (roomId: string) => deleteRoom(propertyId, roomId),
    onSuccess: (_void, roomId) => {
      queryClient.setQueryData<Property>(key, (p) =>
        p
          ? reordered(
              p,
              p.rooms.filter((r) => r.id !== roomId).map((r) => r.id),
            )
          : p,
      );
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: propertyListQueryKey });
    },
  });
}
