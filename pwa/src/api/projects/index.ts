// The projects' shared data layer: query options, hooks and mutations any feature or app/ may use.
export {
  QueuedUploadError,
  buildProjectFormData,
  createProject,
  useCreateProject,
  type CreateProjectInput,
} from './create-project';
export {
  fetchProjectsPage,
  followProjectStatus,
  recentProjectsQueryOptions,
  refreshProjectLists,
  useRecentProjects,
  type ProjectsPage,
} from './get-projects';
export { allProjectsQueryOptions, useAllProjects } from './get-all-projects';
export { projectQueryKey, projectQueryOptions, useProject } from './get-project';
export {
  getProjectStatus,
  projectStatusQueryKey,
  projectStatusQueryOptions,
  useProjectStatus,
} from './get-project-status';
export { DELETE_PROJECT_CONFIRM, deleteProject, useDeleteProject, usePublishedLinks } from './delete-project';
export { downloadProject, type DownloadedExport } from './download-project';
export { projectVersionsQueryOptions, useProjectVersions } from './get-project-versions';
export { export4kQueryKey, export4kQueryOptions, useExport4kPlan } from './get-export-4k';
export { analyzeImage, useAnalyzeImage } from './analyze-image';
export { projectShareQueryKey, projectShareQueryOptions, useProjectShare } from './get-project-share';
export { createProjectShare, useCreateProjectShare } from './create-project-share';
export { revokeProjectShare, useRevokeProjectShare } from './revoke-project-share';
export { fetchOriginalPhoto, getCurrentBatch, saveCurrentBatch } from './current-batch';
export { useCorrectRoomType, useRenameProject } from './rename-project';
export { useKeepAsConcept, useRestageProject } from './structure-choice';
export { needsSubscription } from './needs-subscription';
