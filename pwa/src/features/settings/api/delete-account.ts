import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { onSignedOut } from '../../../lib/auth';

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmationText: string) => {
      await apiRequest('/api/user/account', { method: 'DELETE', body: { confirmationText } });
    },
    onSuccess: () => onSignedOut(queryClient),
  });
}
