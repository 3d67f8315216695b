/** The manifest's share_target action: the installed app's service worker receives shared photos there. */
export const SHARE_TARGET_PATH = '/share-target';
/** The app page opened after a share: `/app?shared=<queued>`, or `unavailable` when nothing could take them. */
export const SHARED_PARAM = 'shared';
export const SHARE_UNAVAILABLE = 'unavailable';
