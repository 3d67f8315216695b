export { projectsRoutes } from './projects.routes';
export { currentBatchRoutes } from './current-batch.routes';
export {
  ACCOUNT_MISMATCH_MESSAGE,
  paymentRequired,
  projectsService,
  type ProjectsDeps,
  type ProjectsService,
} from './projects.service';
export { creditBackOf, projectImageUrl, stagedImageUrl, structureOf } from './project.mapper';
export { downloadsService } from './downloads.service';
export { structureChoiceService } from './structure-choice.service';
export { notReady, projectImage } from './project-images';
export {
  isConceptFor,
  listingProfile,
  plateOf,
  projectAlteration,
  projectAlterations,
  provenanceOf,
  recordHandover,
  sha256Of,
  toHandover,
  type HandoverContext,
} from './handover';
export { projectNotFound } from './project-access';
export { handedOut, handedOutImage, type HandedOutDeps } from './handed-out';
export { preparedFile, type PreparedFile, type PreparedFileDeps } from './prepared-file';
