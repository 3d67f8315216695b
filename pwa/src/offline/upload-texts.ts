/** The words of the upload queue, shared by the workspace, the batch and the app-wide queue status. */
export const WAITING_FOR_CONNECTION = 'Waiting for connection';
export const WAITING_FOR_SIGN_IN = 'Waiting for sign-in';
export const SIGN_IN_AGAIN = 'Sign in again';

export const photoCount = (n: number): string => `${n} photo${n === 1 ? '' : 's'}`;

/** Said when a generate could not reach the server (or the session ended) and the queue keeps the photos. */
export function queuedDescription(n: number, reason: 'connection' | 'auth'): string {
  const saved =
    n === 1
      ? 'Your photo is saved on this device and uploads by itself'
      : `${photoCount(n)} are saved on this device and upload by themselves`;
  return `${saved} ${reason === 'auth' ? 'after you sign in again' : 'when you are back online'}.`;
}

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
