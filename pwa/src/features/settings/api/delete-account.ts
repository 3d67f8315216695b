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
      // Photos still queued belonged to the deleted account; nobody else may upload them. Cleared before
      // signing out, which unmounts the settings page (and with it the caller's own onSuccess).
      await clearUploads();
      onSignedOut(queryClient);
    },
  });
}
