import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { propertiesQueryKey } from '../../../lib/property-query-keys';
import { projectQueryKey } from './get-project';
import { refreshProjectLists } from './get-projects';

/** Renames a project; its page, every list and its property's room show the new name. */
export function useRenameProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiJson(apiPath('project', { id }), projectSchema, { method: 'PATCH', body: { name } }),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQueryKey(project.id), project);
      // A property's room shows its staging's name too.
      await Promise.all([
        refreshProjectLists(queryClient),
        queryClient.invalidateQueries({ queryKey: propertiesQueryKey }),
      ]);
    },
  });
}
