/** The batch panel's own texts. */
export const BATCH_TEXTS = {
  analysing: 'Detecting the room...',
  detected: 'Detected',
  unsure: 'Not detected',
  roomHint: 'Each photo gets its own room type; photos we cannot recognise use the Room type below.',
  emptyHint: 'Add room photos to the batch, then press Process: each photo shows its progress in the list.',
  resultsHint: 'Press View on a finished photo to see its before and after here.',
} as const;

/** The generate button of the batch tab: how many photos pressing it sends. */
export const processBatchLabel = (count: number): string =>
  count === 0 ? 'Process Batch' : `Process ${count} ${count === 1 ? 'Image' : 'Images'}`;
