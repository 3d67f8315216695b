import { apiPath } from '@shared/api/api-paths';
/** Every query about projects starts with this: the lists, one project, its status. */
export const projectsQueryKey = [apiPath('projects')] as const;
/** Every list of projects (Recent Projects, All projects and its searches): refreshed together. */
export const projectListsQueryKey = [...projectsQueryKey, 'list'] as const;
/** Recent Projects: the first page, the one list kept on the device. */
export const recentProjectsQueryKey = [...projectListsQueryKey, 'recent'] as const;
/** All projects, page by page; each search by name is a list of its own. */
export const allProjectsListsQueryKey = [...projectListsQueryKey, 'all'] as const;
export const allProjectsQueryKey = (search: string) => [...allProjectsListsQueryKey, search] as const;
/** One project's versions (GET /api/projects/{id}/versions): kept on the device, so the brush works offline. */
export const versionsQueryKey = (projectId: string) => [...projectsQueryKey, projectId, 'versions'] as const;
export const isVersionsKey = (queryKey: readonly unknown[]): boolean =>
  queryKey.length === 3 && queryKey[0] === projectsQueryKey[0] && queryKey[2] === 'versions';
