import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/auth';
import { onSignedOut } from '../../../offline/session';
import { clearUploads } from '../../../offline/uploads';

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmationText: string) => {
      await apiRequest(apiPath('userAccount'), { method: 'DELETE', body: { confirmationText } });
    },
    onSuccess: async () => {
      // Photos still queued for the deleted account (and unclaimed ones) must reach nobody else; other
      // accounts' photos stay. Cleared before signing out, which unmounts the settings page (and with it
      // the caller's own onSuccess).
      const user = queryClient.getQueryData<User | null>(currentUserQueryKey);
      await clearUploads(user?.id ?? null);
      onSignedOut(queryClient);
    },
  });
}
