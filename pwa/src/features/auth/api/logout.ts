import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { onSignedOut } from '../../../lib/auth';

export const logout = async (): Promise<void> => {
  await apiRequest('/api/auth/logout', { method: 'POST' });
};

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => onSignedOut(queryClient) });
}
