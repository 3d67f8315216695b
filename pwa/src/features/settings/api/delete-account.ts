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
    onSuccess: async () => {
      onSignedOut(queryClient);
      // Photos still queued belonged to the deleted account; nobody else may upload them.
      await clearUploads();
    },
  });
}
