/** Shared by the page and the service worker. */
export const SYNC_TAG = 'stagely-uploads';
export const FLUSH_MESSAGE = 'FLUSH_UPLOADS';
/** The manifest's share_target: where the installed app receives photos, and the form field they come in. */
export const SHARE_TARGET_PATH = '/share-target';
export const SHARE_FILES_FIELD = 'photos';
/** The app page the service worker opens after a share: `/app?shared=<queued>&left=<left out>`. */
export const SHARED_PARAM = 'shared';
export const LEFT_OUT_PARAM = 'left';
