import { BATCH_MAX } from '@shared/domain';
import { photoCount } from '../uploads';

/** The toast when a share reached the server instead of the app's service worker (it was not installed). */
export const SHARE_NOT_RECEIVED = {
  title: 'Photos not received',
  description:
    'Stagely could not take the shared photos this time. They are still on your device: choose them here, or share them again.',
};

/** The toast after photos were shared into the installed app (`queued` of them went into the queue). */
export function sharedPhotosText(queued: number, leftOut: number) {
  const left =
    leftOut > 0
      ? ` ${leftOut} file${leftOut === 1 ? ' was' : 's were'} left out: a share takes up to ${BATCH_MAX} JPG, PNG or WebP photos.`
      : '';
  return queued > 0
    ? {
        title: 'Photos added',
        description: `${photoCount(queued)} added to the upload queue with your default options.${left}`,
      }
    : { title: 'Nothing to upload', description: `Share JPG, PNG or WebP photos to stage them.${left}` };
}
