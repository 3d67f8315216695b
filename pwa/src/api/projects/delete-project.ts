import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okSchema, publishedLinksSchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { projectQueryKey } from './get-project';
import { dropFromAllProjects, refreshProjectLists } from './get-projects';

export const DELETE_PROJECT_CONFIRM =
  'Are you sure you want to delete this project? This action cannot be undone.';

/** `keep`: the short addresses printed on its photos keep showing each original (an archive page). */
export async function deleteProject(id: string, keep = false): Promise<void> {
  const query = keep ? '?keep=archive' : '';
  await apiJson(`${apiPath('project', { id })}${query}`, okSchema, { method: 'DELETE' });
}

/**
 * How many printed short addresses deleting the project (or revoking its link) would break, asked when
 * its dialog opens; `auto` false: only when refetched.
 */
export function usePublishedLinks(id: string | null, auto = true) {
  return useQuery({
    queryKey: [apiPath('projects'), id, 'published-links'],
    queryFn: () => apiJson(apiPath('projectPublishedLinks', { id: id ?? '' }), publishedLinksSchema),
    enabled: id !== null && auto,
    staleTime: 0,
  });
}

/** Deletes, then refreshes the lists. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, keep }: { id: string; keep: boolean }) => deleteProject(id, keep),
    onSuccess: async (_void, { id }) => {
      queryClient.removeQueries({ queryKey: projectQueryKey(id) });
      dropFromAllProjects(queryClient, id);
      await refreshProjectLists(queryClient);
    },
  });
}
