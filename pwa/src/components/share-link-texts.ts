/** The toasts every share card shows, whichever link it holds. */
export const SHARE_LINK_TOASTS = {
  linkRevoked: 'Link Revoked',
  sharingFailed: 'Sharing Failed',
  revokeFailed: 'Revoke Failed',
  linkCopied: 'Link Copied',
  copyByHand: {
    title: 'Copy the Link',
    description: 'Your browser did not allow copying: select the link and copy it.',
  },
} as const;
