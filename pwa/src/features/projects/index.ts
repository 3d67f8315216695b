export {
  QueuedUploadError,
  buildProjectFormData,
  createProject,
  useCreateProject,
  type CreateProjectInput,
} from './api/create-project';
export {
  fetchProjectsPage,
  followProjectStatus,
  recentProjectsQueryOptions,
  refreshProjectLists,
  useRecentProjects,
  type ProjectsPage,
} from './api/get-projects';
export { allProjectsQueryOptions, useAllProjects } from './api/get-all-projects';
export { projectQueryKey, projectQueryOptions, useProject } from './api/get-project';
export {
  getProjectStatus,
  projectStatusQueryKey,
  projectStatusQueryOptions,
  useProjectStatus,
} from './api/get-project-status';
export {
  DELETE_PROJECT_CONFIRM,
  deleteProject,
  useDeleteProject,
  usePublishedLinks,
} from './api/delete-project';
export { downloadProject, type DownloadedExport } from './api/download-project';
export { export4kQueryKey, export4kQueryOptions, useExport4kPlan } from './api/get-export-4k';
export { analyzeImage, useAnalyzeImage } from './api/analyze-image';
export { projectShareQueryKey, projectShareQueryOptions, useProjectShare } from './api/get-project-share';
export { createProjectShare, useCreateProjectShare } from './api/create-project-share';
export { revokeProjectShare, useRevokeProjectShare } from './api/revoke-project-share';
export { RecentProjects } from './components/recent-projects';
export { fetchOriginalPhoto, getCurrentBatch, saveCurrentBatch } from './api/current-batch';
export { RenameableName } from './components/rename-project';
export { useCorrectRoomType, useRenameProject } from './api/rename-project';
export { useKeepAsConcept, useRestageProject } from './api/structure-choice';
export { needsSubscription } from './api/needs-subscription';
export { RESTAGE_BUTTON, KEEP_BUTTON, StructureChoicePanel } from './components/structure-choice-panel';
export { RESTAGE_CONFIRM } from './components/project-list-texts';
export { useStructureChoice, type StructureChoice } from './components/use-structure-choice';
