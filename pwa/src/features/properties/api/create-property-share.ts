import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertyShareLinkSchema, type PropertyShareLink } from '@shared/api';
import { apiJson } from '../../../lib/api-client';
import { propertyShareQueryKey, propertySharePath } from './get-property-share';

/** Makes the property's buyer link (the existing one when it is already shared). */
export function createPropertyShare(id: string): Promise<PropertyShareLink> {
  return apiJson(propertySharePath(id), propertyShareLinkSchema, { method: 'POST' });
}

export function useCreatePropertyShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPropertyShare,
    onSuccess: (link, id) => queryClient.setQueryData(propertyShareQueryKey(id), { link }),
  });
}
