import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/auth';

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return apiJson(apiPath('userProfileImage'), userSchema, { method: 'POST', body });
    },
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
