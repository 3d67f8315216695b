/** The workspace's own texts. */
export const WORKSPACE_TEXTS = {
  /** Under a chosen photo the server refused at analysis: Generate would be refused too. */
  refusedHint: 'This photo cannot be staged: choose another one.',
  batchReview: 'Batch results',
  previousPhoto: 'Previous',
  nextPhoto: 'Next',
  loadingResult: 'Loading the result...',
} as const;

/** Where the batch review stands: 'Result 2 of 5'. */
export const batchReviewPosition = (n: number, of: number): string => `Result ${n} of ${of}`;
