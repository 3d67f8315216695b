export { BatchPanel, type BatchPanelProps } from './components/batch-panel';
export { BatchResultPlaceholder } from './components/batch-result-placeholder';
export { useBatch, type BatchServices, type PhotoRefused } from './use-batch';
export {
  BATCH_CREDITS_TITLE,
  batchCreditsMessage,
  processBatchLabel,
  stageWhatFitsLabel,
} from './batch-messages';
export {
  batchCounts,
  itemsToProcess,
  newBatchItem,
  overallProgress,
  processItem,
  runBatch,
  truncateBatch,
  type BatchDeps,
  type BatchItem,
  type BatchRun,
  type CreateOutcome,
} from './batch-runner';
