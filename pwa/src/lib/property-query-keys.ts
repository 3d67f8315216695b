import { apiPath } from '@shared/api/api-paths';
/** Every query about properties starts with this: the list, one property, its share link. */
export const propertiesQueryKey = [apiPath('properties')] as const;
/** The user's properties (GET /api/properties). */
export const propertyListQueryKey = [...propertiesQueryKey, 'list'] as const;
/** One property with its rooms (GET /api/properties/{id}); its share link is a key under it. */
export const propertyQueryKey = (id: string) => [...propertiesQueryKey, id] as const;

/** The list or one property's detail (not its share link): what the device keeps for a viewing offline. */
export const isPropertyViewKey = (queryKey: readonly unknown[]): boolean =>
  queryKey.length === 2 && queryKey[0] === propertiesQueryKey[0] && typeof queryKey[1] === 'string';
