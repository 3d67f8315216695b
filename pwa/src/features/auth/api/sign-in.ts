import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type LoginRequest, type RegisterRequest } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { onSignedIn } from '../../../lib/auth';

export const login = (body: LoginRequest) =>
  apiJson(apiPath('authLogin'), userSchema, { method: 'POST', body });
export const register = (body: RegisterRequest) =>
  apiJson(apiPath('authRegister'), userSchema, { method: 'POST', body });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (user) => onSignedIn(queryClient, user) });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: (user) => onSignedIn(queryClient, user) });
}
