import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { limitsQueryKey } from '../../lib/limits';
import { projectQueryKey } from './get-project';
import { refreshProjectLists } from './get-projects';

const projectPath = (id: string, action: 'concept' | 'restage') =>
  apiPath(action === 'concept' ? 'projectConcept' : 'projectRestage', { id });

/** Keeps a result that changed the room as a design concept: published with that label from now on. */
export function useKeepAsConcept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson(projectPath(id, 'concept'), projectSchema, { method: 'POST' }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectQueryKey(project.id), project);
    },
  });
}

/** Stages the project's photo again with its options: a new project, charged as any staging. */
export function useRestageProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson(projectPath(id, 'restage'), projectSchema, { method: 'POST' }),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQueryKey(project.id), project);
      void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
      await refreshProjectLists(queryClient);
    },
  });
}
