/** Shared by the page and the service worker. */
export const SYNC_TAG = 'stagely-uploads';
export const FLUSH_MESSAGE = 'FLUSH_UPLOADS';
