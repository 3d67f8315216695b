import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertyRoomSchema, type Property, type PropertyRoom } from '@shared/api';
import type { RoomType } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { propertyQueryKey } from '../../../lib/property-query-keys';

export const roomPath = (propertyId: string, roomId: string) =>
  apiPath('propertyRoom', { id: propertyId, roomId });

export function updateRoom(propertyId: string, roomId: string, roomType: RoomType): Promise<PropertyRoom> {
  return apiJson(roomPath(propertyId, roomId), propertyRoomSchema, { method: 'PATCH', body: { roomType } });
}

const withRoom = (property: Property | undefined, room: PropertyRoom) =>
  property && { ...property, rooms: property.rooms.map((r) => (r.id === room.id ? room : r)) };

/** Corrects a room's type: shown at once, back to what it was if the server refuses. */
export function useUpdateRoom(propertyId: string) {
  const queryClient = useQueryClient();
  const key = propertyQueryKey(propertyId);
  return useMutation({
    mutationFn: ({ roomId, roomType }: { roomId: string; roomType: RoomType }) =>
      updateRoom(propertyId, roomId, roomType),
    onMutate: async ({ roomId, roomType }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<Property>(key);
      const room = before?.rooms.find((r) => r.id === roomId);
      if (room) queryClient.setQueryData(key, withRoom(before, { ...room, roomType }));
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (room) => queryClient.setQueryData<Property>(key, (p) => withRoom(p, room)),
  });
}
