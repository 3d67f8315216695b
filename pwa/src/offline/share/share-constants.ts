/** Shared by the page and the service worker. */
export { SHARE_TARGET_PATH, SHARED_PARAM, SHARE_UNAVAILABLE } from '@shared/domain';
/** The form field shared photos come in (manifest share_target). */
export const SHARE_FILES_FIELD = 'photos';
/** With SHARED_PARAM after a share: `/app?shared=<queued>&left=<left out>`. */
export const LEFT_OUT_PARAM = 'left';
