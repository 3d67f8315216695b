import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageSchema,
  userSchema,
  type ChangeEmail,
  type ChangePassword,
  type ProfileUpdate,
} from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/auth';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) =>
      apiJson(apiPath('userProfile'), userSchema, { method: 'PATCH', body }),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePassword) =>
      apiJson(apiPath('userPassword'), messageSchema, { method: 'POST', body }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmail) => apiJson(apiPath('userEmail'), messageSchema, { method: 'POST', body }),
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson(apiPath('userEmailConfirm'), userSchema, { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** The link mailed to the current address: drops a pending email change. */
export function useCancelEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      apiJson(apiPath('userEmailCancel'), messageSchema, { method: 'POST', body: { token } }),
  });
}
