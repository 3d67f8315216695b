import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@shared/api/api-paths';
import { apiRequest } from '../../../lib/api-client';
import { onSignedOut } from '../../../offline/session';

export const logout = async (): Promise<void> => {
  await apiRequest(apiPath('authLogout'), { method: 'POST' });
};

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => onSignedOut(queryClient) });
}
