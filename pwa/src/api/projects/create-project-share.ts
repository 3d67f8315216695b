import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareLinkSchema, type ShareLink, type ShareState } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { projectShareQueryKey } from './get-project-share';

/** Makes the project's public share link (the existing one when it is already shared). */
export function createProjectShare(id: string): Promise<ShareLink> {
  return apiJson(apiPath('projectShare', { id }), shareLinkSchema, { method: 'POST' });
}

export function useCreateProjectShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProjectShare,
    onSuccess: (link, id) => queryClient.setQueryData<ShareState>(projectShareQueryKey(id), { link }),
  });
}
