import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentProfileSchema, type AgentProfile } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';

const key = [apiPath('userAgentProfile')] as const;

export function useAgentProfile() {
  return useQuery({ queryKey: key, queryFn: () => apiJson(apiPath('userAgentProfile'), agentProfileSchema) });
}

/** The answer replaces the cached profile. */
export function useSaveAgentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentProfile) =>
      apiJson(apiPath('userAgentProfile'), agentProfileSchema, { method: 'PUT', body }),
    onSuccess: (profile) => queryClient.setQueryData(key, profile),
  });
}
