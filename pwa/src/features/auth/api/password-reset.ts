import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  passwordResetAcceptedSchema,
  passwordResetCheckResultSchema,
  userSchema,
  type PasswordResetConfirm,
  type PasswordResetRequest,
} from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { onSignedIn } from '../../../offline/session';

const requestReset = (body: PasswordResetRequest) =>
  apiJson(apiPath('passwordReset'), passwordResetAcceptedSchema, { method: 'POST', body });
const checkReset = (token: string) =>
  apiJson(apiPath('passwordResetCheck'), passwordResetCheckResultSchema, {
    method: 'POST',
    body: { token },
  });
const confirmReset = (body: PasswordResetConfirm) =>
  apiJson(apiPath('passwordResetConfirm'), userSchema, { method: 'POST', body });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestReset });
}

/** Sets the new password; the server signs in with it, so the app switches to the account at once. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmReset, onSuccess: (user) => onSignedIn(queryClient, user) });
}

/** Whether the link from the mail still works, asked once when its page opens (the check changes nothing). */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: [apiPath('passwordResetCheck'), token],
    queryFn: () => checkReset(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
