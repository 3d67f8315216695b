import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';
import { propertyShareQueryKey, propertySharePath } from './get-property-share';

/** Revokes the buyer link: the page, its images and every QR code in a downloaded ZIP stop working. */
export async function revokePropertyShare(id: string): Promise<void> {
  await apiJson(propertySharePath(id), okSchema, { method: 'DELETE' });
}

export function useRevokePropertyShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePropertyShare,
    onSuccess: (_void, id) => queryClient.setQueryData(propertyShareQueryKey(id), { link: null }),
  });
}
