import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentProfileSchema, type AgentProfile } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

const key = ['/api/user/agent-profile'] as const;

export function useAgentProfile() {
  return useQuery({ queryKey: key, queryFn: () => apiJson('/api/user/agent-profile', agentProfileSchema) });
}

/** The answer replaces the cached profile. */
export function useSaveAgentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentProfile) =>
      apiJson('/api/user/agent-profile', agentProfileSchema, { method: 'PUT', body }),
    onSuccess: (profile) => queryClient.setQueryData(key, profile),
  });
}
