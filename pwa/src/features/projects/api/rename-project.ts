import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { projectQueryKey } from './get-project';
import { refreshProjectLists } from './get-projects';

/** Renames a project; its page and every list show the new name. */
export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiJson(apiPath('project', { id }), projectSchema, { method: 'PATCH', body: { name } }),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQueryKey(project.id), project);
      await refreshProjectLists(queryClient);
    },
  });
}
