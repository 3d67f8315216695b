import { queryOptions, useQuery } from '@tanstack/react-query';
import { propertyShareStateSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { propertyQueryKey } from '../../../lib/property-query-keys';

export const propertyShareQueryKey = (id: string) => [...propertyQueryKey(id), 'share'] as const;
export const propertySharePath = (id: string) => apiPath('propertyShare', { id });

/** The owner's buyer link of a property, or `{ link: null }` when it is not shared. */
export const propertyShareQueryOptions = (id: string) =>
  queryOptions({
    queryKey: propertyShareQueryKey(id),
    queryFn: ({ signal }) => apiJson(propertySharePath(id), propertyShareStateSchema, { signal }),
  });

export function usePropertyShare(id: string, enabled = true) {
  return useQuery({ ...propertyShareQueryOptions(id), enabled });
}
