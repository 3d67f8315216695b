/** The workspace's own texts. */
export const WORKSPACE_TEXTS = {
  /** Under a chosen photo the server refused at analysis: Generate would be refused too. */
  refusedHint: 'This photo cannot be staged: choose another one.',
} as const;
