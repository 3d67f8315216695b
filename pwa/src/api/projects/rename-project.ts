import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema } from '@shared/api';
import type { RoomType } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { propertiesQueryKey } from '../../lib/property-query-keys';
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

/** Corrects the room type of a staged project (an analysis that misread it): the edits offered follow it. */
export function useCorrectRoomType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roomType }: { id: string; roomType: RoomType }) =>
      apiJson(apiPath('project', { id }), projectSchema, { method: 'PATCH', body: { roomType } }),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQueryKey(project.id), project);
      await refreshProjectLists(queryClient);
    },
  });
}
