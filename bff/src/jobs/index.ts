export { createJobSignal, type JobSignal } from './job-signal';
export { purgeExpiredProjects } from './purge';
export { retryDelayMs, type JobOutcome } from './run-job';
export { startWorker, type Worker, type WorkerDeps, type WorkerTuning } from './worker';
export {
  reconcileUploads,
  recoverAtStartUp,
  startHousekeeping,
  type Housekeeping,
  type HousekeepingDeps,
} from './housekeeping';
export type {
  ProjectChange,
  ProjectChangeSink,
  ProjectFinished,
  ProjectFinishedSink,
} from '../project-changes';
export { costMeter, planOf, type CostContext } from './cost-meter';
