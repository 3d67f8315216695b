/** The Settings page's own texts. */
export const SETTINGS_TEXTS = {
  agentTitle: 'Agent profile',
  agentHint: 'Shown to buyers on the pages you share. Every field is optional.',
  agentName: 'Agent name',
  brokerage: 'Brokerage',
  phone: 'Phone',
  showPhoto: 'Show my profile picture (a photo or a logo) to buyers',
  saveAgent: 'Save agent profile',
  agentSaved: 'Agent profile saved',
  saveFailed: 'Could not save',
} as const;
