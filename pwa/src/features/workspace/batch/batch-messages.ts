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

const photos = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;
const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** Said under the batch before it runs, when the account counts credits. */
export const batchCreditsLine = (needed: number, left: number): string =>
  `This batch needs ${credits(needed)}; you have ${left} left this month.`;

export const BATCH_CREDITS_TITLE = 'Not enough credits for this batch';
/** The paywall's sentence when a batch asks for more than is left: what fits, or Pro. */
export const batchCreditsMessage = (needed: number, left: number): string =>
  `Staging ${photos(needed)} needs ${credits(needed)}; you have ${left} left this month. Stage the first ${photos(left)} now, or upgrade to Pro for unlimited staging.`;
/** The paywall's button that stages what fits. */
export const stageWhatFitsLabel = (left: number): string => `Stage ${photos(left)}`;
