import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registerAcceptedSchema, userSchema, type LoginRequest, type RegisterRequest } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { onSignedIn } from '../../../offline/session';

export const login = (body: LoginRequest) =>
  apiJson(apiPath('authLogin'), userSchema, { method: 'POST', body });
/** Mails a link that finishes the account; signs nobody in. */
export const register = (body: RegisterRequest) =>
  apiJson(apiPath('authRegister'), registerAcceptedSchema, { method: 'POST', body });
const confirmSignUp = (token: string) =>
  apiJson(apiPath('authRegisterConfirm'), userSchema, { method: 'POST', body: { token } });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (user) => onSignedIn(queryClient, user) });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** The link from the sign-up mail: the server confirms the address and signs in. */
export function useConfirmSignUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmSignUp, onSuccess: (user) => onSignedIn(queryClient, user) });
}
