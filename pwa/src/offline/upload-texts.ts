/** The words of the upload queue, shared by the workspace, the batch and the app-wide queue status. */
export const WAITING_FOR_CONNECTION = 'Waiting for connection';
export const WAITING_FOR_SIGN_IN = 'Waiting for sign-in';
export const SIGN_IN_AGAIN = 'Sign in again';
/** Photos shared into the app before anyone signed in on this device. */
export const SIGN_IN = 'Sign in';

export const photoCount = (n: number): string => `${n} photo${n === 1 ? '' : 's'}`;

/** Photos on this device that belong to an account other than the signed-in one. */
export function otherAccountText(n: number, name: string): string {
  const whose = name ? `another account (${name})` : 'another account';
  const [wait, them] = n === 1 ? ['waits', 'it'] : ['wait', 'them'];
  return `${photoCount(n)} ${wait} for ${whose}: sign in as that account to upload ${them}.`;
}

/** Asked before another account's photos leave the device for good. */
export function discardOtherAccountText(n: number): string {
  const [these, they] = n === 1 ? ['this photo', 'It was'] : [`these ${n} photos`, 'They were'];
  return `Discard ${these} from this device? ${they} never uploaded and cannot be recovered.`;
}

/** Said when a generate could not reach the server (or the session ended) and the queue keeps the photos. */
export function queuedDescription(n: number, reason: 'connection' | 'auth'): string {
  const saved =
    n === 1
      ? 'Your photo is saved on this device and uploads by itself'
      : `${photoCount(n)} are saved on this device and upload by themselves`;
  return `${saved} ${reason === 'auth' ? 'after you sign in again' : 'when you are back online'}.`;
}

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
      ? ` ${leftOut} file${leftOut === 1 ? ' was' : 's were'} left out: a share takes up to 10 JPG, PNG or WebP photos.`
      : '';
  return queued > 0
    ? {
        title: 'Photos added',
        description: `${photoCount(queued)} added to the upload queue with your default options.${left}`,
      }
    : { title: 'Nothing to upload', description: `Share JPG, PNG or WebP photos to stage them.${left}` };
}
