/** The words of the upload queue, shared by the workspace, the batch and the app-wide queue status. */
export const WAITING_FOR_CONNECTION = 'Waiting for connection';
export const WAITING_FOR_SIGN_IN = 'Waiting for sign-in';
export const SIGN_IN_AGAIN = 'Sign in again';
/** Photos shared into the app before anyone signed in on this device. */
export const SIGN_IN = 'Sign in';

export const photoCount = (n: number): string => `${n} photo${n === 1 ? '' : 's'}`;

/** Everything this device still has to send, counted by kind, e.g. '2 photos, 1 property room, 1 edit'. */
export interface WaitingCounts {
  photos: number;
  rooms: number;
  edits: number;
  messages: number;
}
export function waitingText({ photos, rooms, edits, messages }: WaitingCounts): string {
  const count = (n: number, one: string) => (n === 0 ? '' : `${n} ${one}${n === 1 ? '' : 's'}`);
  return [
    count(photos, 'photo'),
    count(rooms, 'property room'),
    count(edits, 'edit'),
    count(messages, 'message'),
  ]
    .filter(Boolean)
    .join(', ');
}

/** Shown while the browser is offline and nothing waits yet: what still works, and what does not. */
export const OFFLINE_NOTHING_QUEUED =
  "You're offline: photos and edits you make now are kept on this device and sent when you're back online.";

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

/** Said once the queue uploaded a photo and the server made its project. */
export const QUEUED_PHOTO_CREATED = 'A queued photo has been uploaded and is being processed.';

/** Said when a generate could not reach the server (or the session ended) and the queue keeps the photos. */
export function queuedDescription(n: number, reason: 'connection' | 'auth'): string {
  const saved =
    n === 1
      ? 'Your photo is saved on this device and uploads by itself'
      : `${photoCount(n)} are saved on this device and upload by themselves`;
  return `${saved} ${reason === 'auth' ? 'after you sign in again' : 'when you are back online'}.`;
}
