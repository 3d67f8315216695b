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
