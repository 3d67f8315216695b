import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@shared/api';
import { apiJson } from '../../../lib/api-client';
import { projectQueryKey } from './get-project';
import { dropFromAllProjects, refreshProjectLists } from './get-projects';

export const DELETE_PROJECT_CONFIRM =
  'Are you sure you want to delete this project? This action cannot be undone.';

export async function deleteProject(id: string): Promise<void> {
  await apiJson(`/api/projects/${encodeURIComponent(id)}`, okSchema, { method: 'DELETE' });
}

/** Deletes, then refreshes the lists. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_void, id) => {
      queryClient.removeQueries({ queryKey: projectQueryKey(id) });
      dropFromAllProjects(queryClient, id);
      await refreshProjectLists(queryClient);
    },
  });
}
