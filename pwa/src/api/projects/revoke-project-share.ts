import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema, type ShareState } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { projectShareQueryKey } from './get-project-share';

/** Revokes the share link: the page, its images and every QR code pointing to it stop working. */
export async function revokeProjectShare(id: string): Promise<void> {
  await apiJson(apiPath('projectShare', { id }), okSchema, { method: 'DELETE' });
}

export function useRevokeProjectShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeProjectShare,
    onSuccess: (_void, id) => queryClient.setQueryData<ShareState>(projectShareQueryKey(id), { link: null }),
  });
}
