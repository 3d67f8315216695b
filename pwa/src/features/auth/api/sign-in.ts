import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  registerAcceptedSchema,
  registerCheckResultSchema,
  userSchema,
  type LoginRequest,
  type RegisterConfirm,
  type RegisterRequest,
} from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { onSignedIn } from '../../../offline/session';

export const login = (body: LoginRequest) =>
  apiJson(apiPath('authLogin'), userSchema, { method: 'POST', body });
/** Mails a link that finishes the account; signs nobody in. */
export const register = (body: RegisterRequest) =>
  apiJson(apiPath('authRegister'), registerAcceptedSchema, { method: 'POST', body });
const confirmSignUp = (body: RegisterConfirm) =>
  apiJson(apiPath('authRegisterConfirm'), userSchema, { method: 'POST', body });
const checkSignUp = (token: string) =>
  apiJson(apiPath('authRegisterCheck'), registerCheckResultSchema, { method: 'POST', body: { token } });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (user) => onSignedIn(queryClient, user) });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** What the sign-up link can still do and whose account it is for, asked once as its page opens. */
export function useSignUpLinkCheck(token: string) {
  return useQuery({
    queryKey: [apiPath('authRegisterCheck'), token],
    queryFn: () => checkSignUp(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** The sign-up link's page was sent: the server confirms the address, sets the password and signs in. */
export function useConfirmSignUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmSignUp, onSuccess: (user) => onSignedIn(queryClient, user) });
}
