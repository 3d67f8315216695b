/** Photos shared into the installed app (manifest share_target): queued by the service worker, announced by the app. */
export {
  LEFT_OUT_PARAM,
  SHARE_FILES_FIELD,
  SHARE_TARGET_PATH,
  SHARE_UNAVAILABLE,
  SHARED_PARAM,
} from './share-constants';
export { queueSharedPhotos, sharedPhotosPage, type SharedPhotosResult } from './share-target';
export { SHARE_NOT_RECEIVED, sharedPhotosText } from './share-texts';
