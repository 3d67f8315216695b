import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { onSignedOut } from '../../../lib/auth';
import { clearUploads } from '../../../offline/upload-queue';

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmationText: string) => {
      await apiRequest('/api/user/account', { method: 'DELETE', body: { confirmationText } });
    },
    onSuccess: () => {
      // Photos still queued belonged to the deleted account; nobody else may upload them. Not awaited:
      // the caller's own onSuccess must run while its screen is still mounted.
      void clearUploads();
      onSignedOut(queryClient);
    },
  });
}
