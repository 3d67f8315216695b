import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okSchema, projectSchema, versionListSchema, type EditRequest, type VersionList } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { limitsQueryKey } from '../../../lib/limits';
import { projectsQueryKey } from '../../../lib/project-query-keys';

export const versionsQueryKey = (projectId: string) => [...projectsQueryKey, projectId, 'versions'] as const;
/** How often the list is asked again while an edit is being made. */
const EDITING_POLL_MS = 1000;

/** The project's versions, asked again every second while an edit is under way. */
export function useVersions(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: versionsQueryKey(projectId),
    queryFn: () => apiJson(apiPath('projectVersions', { id: projectId }), versionListSchema),
    enabled,
    refetchInterval: (query) => (query.state.data?.editing ? EDITING_POLL_MS : false),
  });
}

/** Edits, the current version and deletion; each answer refreshes the list and the project it shows. */
export function useVersionActions(projectId: string) {
  const client = useQueryClient();
  const settle = async (list?: VersionList) => {
    if (list) client.setQueryData(versionsQueryKey(projectId), list);
    await client.invalidateQueries({ queryKey: projectsQueryKey });
    await client.invalidateQueries({ queryKey: limitsQueryKey });
  };
  const edit = useMutation({
    mutationFn: (request: EditRequest) =>
      apiJson(apiPath('projectEdits', { id: projectId }), versionListSchema, {
        method: 'POST',
        body: request,
      }),
    onSuccess: settle,
  });
  const setCurrent = useMutation({
    mutationFn: (number: number) =>
      apiJson(apiPath('projectVersion', { id: projectId, number: String(number) }), versionListSchema, {
        method: 'PATCH',
        body: { current: true },
      }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (number: number) =>
      apiJson(apiPath('projectVersion', { id: projectId, number: String(number) }), okSchema, {
        method: 'DELETE',
      }),
    onSuccess: () => settle(),
  });
  /** Keeps the current version, whose edit changed the room, as a design concept. */
  const keep = useMutation({
    mutationFn: () =>
      apiJson(apiPath('projectConcept', { id: projectId }), projectSchema, { method: 'POST' }),
    onSuccess: () => settle(),
  });
  return { edit, setCurrent, remove, keep };
}
