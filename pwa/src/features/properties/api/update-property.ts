import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertySchema, type Property, type UpdatePropertyRequest } from '@shared/api';
import { apiJson } from '../../../lib/api-client';
import { propertyListQueryKey, propertyQueryKey } from '../../../lib/property-query-keys';
import { propertyPath } from './get-property';

export function updateProperty(id: string, patch: UpdatePropertyRequest): Promise<Property> {
  return apiJson(propertyPath(id), propertySchema, { method: 'PATCH', body: patch });
}

/** The rooms in `order` (ids), as the screen shows them before the server answers. */
export function reordered(property: Property, order: readonly string[]): Property {
  const byId = new Map(property.rooms.map((r) => [r.id, r]));
  const rooms = order.flatMap((id, i) => {
    const room = byId.get(id);
    return room ? [{ ...room, position: i + 1 }] : [];
  });
  return { ...property, rooms };
}

/**
 * Renames, edits the listing number and notes, or reorders the rooms. A new order shows at once and
 * goes back if the server refuses it; the answer is the property as the server has it.
 */
export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  const key = propertyQueryKey(id);
  return useMutation({
    mutationFn: (patch: UpdatePropertyRequest) => updateProperty(id, patch),
    onMutate: async (patch) => {
      if (!patch.roomOrder) return { before: undefined };
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<Property>(key);
      if (before) queryClient.setQueryData(key, reordered(before, patch.roomOrder));
      return { before };
    },
    onError: (_err, _patch, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (property) => {
      queryClient.setQueryData(key, property);
      void queryClient.invalidateQueries({ queryKey: propertyListQueryKey });
    },
  });
}
