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
  nameLabel: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  saveProfile: 'Save profile',
  profileSaved: 'Profile saved',
  securityTitle: 'Password and email',
  currentPassword: 'Current password',
  newPassword: 'New password',
  changePassword: 'Change password',
  newEmail: 'New email',
  changeEmail: 'Send confirmation link',
  confirmTitle: 'Confirm your new email',
  confirming: 'Confirming your new email...',
  emailChanged: (email: string) => `Your email is now ${email}. Use it to sign in from now on.`,
  toSettings: 'Go to Settings',
  cancelTitle: 'Cancel the email change',
  cancelling: 'Cancelling the email change...',
} as const;

/** The Settings page's toasts that its sections do not keep with their own texts. */
export const SETTINGS_TOASTS = {
  preferences: {
    emailNotifications: {
      ok: 'Email preferences updated',
      fail: 'Failed to update email notifications. Please try again.',
    },
    inAppNotifications: {
      ok: 'Notification preferences updated',
      fail: 'Failed to update in-app notifications. Please try again.',
    },
  },
  imageUpdated: 'Profile image updated',
  imageFailed: { title: 'Upload failed', fallback: 'Failed to upload profile image. Please try again.' },
  accountDeleted: {
    title: 'Account deleted',
    description: 'Your account and all associated data have been permanently deleted.',
  },
  accountNotDeleted: 'Failed to delete account. Please try again.',
} as const;

/** Settings → API: keys for other systems. */
export const API_KEY_TEXTS = {
  title: 'API',
  hint: 'Keys let your own tools and back office use Stagely: send Authorization: Bearer <key>. Calls spend your plan and credits like the app does.',
  docsLink: 'API documentation',
  nameLabel: 'Key name',
  scopesLegend: 'What the key may do',
  create: 'Create key',
  shownOnce: 'Copy this key now: it is shown only once.',
  copy: 'Copy key',
  copied: 'Key copied',
  done: 'Done',
  none: 'No API keys yet.',
  revoke: 'Revoke',
  revoked: 'Revoked',
  revokeFailed: 'Could not revoke the key',
  createFailed: 'Could not create the key',
  lastUsed: (at: string | null) => (at ? `Last used ${new Date(at).toLocaleString()}` : 'Never used'),
  callsThisMonth: (n: number) => `${n} ${n === 1 ? 'call' : 'calls'} this month`,
  creditsThisMonth: (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'} this month`,
  scopes: {
    'projects:read': 'Read projects',
    staging: 'Stage and edit',
    properties: 'Properties',
    handover: 'Hand-over',
  },
} as const;
