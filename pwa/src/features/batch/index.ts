export { BatchPanel, type BatchPanelProps } from './components/batch-panel';
export { useBatch, type BatchServices } from './use-batch';
export {
  batchCounts,
  newBatchItem,
  overallProgress,
  processItem,
  runBatch,
  truncateBatch,
  type BatchDeps,
  type BatchItem,
  type CreateOutcome,
} from './batch-runner';
