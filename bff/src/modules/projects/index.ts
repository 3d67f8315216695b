export { projectsRoutes } from './projects.routes';
export { currentBatchRoutes } from './current-batch.routes';
export {
  ACCOUNT_MISMATCH_MESSAGE,
  projectsService,
  type ProjectsDeps,
  type ProjectsService,
} from './projects.service';
export { projectImageUrl, structureOf } from './project.mapper';
export { notReady, projectImage } from './project-images';
export {
  plateOf,
  projectAlteration,
  provenanceOf,
  recordHandover,
  toHandover,
  type HandoverContext,
} from './handover';
