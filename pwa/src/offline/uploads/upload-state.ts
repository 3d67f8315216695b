import type { UploadRecord } from '../db';
import { otherAccountUploads, sendableBy, type OtherAccountUploads } from './upload-owner';
import { isBlocked, uploadAccount, uploadQueue } from './upload-queue';

export interface QueueState {
  /** This account's photos (and unclaimed ones) not yet confirmed by the server (queued or being sent). */
  waiting: number;
  /** Of those, the photos of a property's rooms. */
  rooms: number;
  /** Some are on their way right now. */
  sending: boolean;
  /** An attempt failed for want of the server (offline, or it was down): they wait for it. */
  stalled: boolean;
  failed: UploadRecord[];
  /** Signed out counts as 'auth': the photos wait for a sign-in. */
  blocked: 'auth' | 'payment' | null;
  /** Some waiting photo was queued by a signed-in account (not only shared in): its sign-in is a sign-in again. */
  owned: boolean;
  /** Photos kept for other accounts until they sign in here again. */
  otherAccounts: OtherAccountUploads[];
}

async function snapshot(): Promise<QueueState> {
  const all = await uploadQueue.list();
  const current = uploadAccount();
  // Signed out (or not known yet): whoever signs in next decides, so no photo is set apart.
  const mine = current ? all.filter((r) => sendableBy(r, current)) : all;
  // A property made offline is no photo: its own screen says it waits.
  const waiting = mine.filter((r) => r.status !== 'failed' && r.target?.kind !== 'property');
  return {
    waiting: waiting.length,
    rooms: waiting.filter((r) => r.target?.kind === 'room').length,
    sending: waiting.some((r) => r.status === 'sending'),
    stalled: waiting.some((r) => r.lastError !== null),
    failed: mine.filter((r) => r.status === 'failed'),
    blocked: current === null && waiting.length > 0 ? 'auth' : isBlocked(),
    owned: waiting.some((r) => Boolean(r.ownerId)),
    otherAccounts: current ? otherAccountUploads(all, current) : [],
  };
}

/** The queue as the screens show it, now and after every change (in any tab or the service worker). */
export function subscribeQueue(listener: (state: QueueState) => void): () => void {
  // Snapshots read IndexedDB and may finish out of order: only the newest one is shown, never an older one after it.
  let latest = 0;
  const refresh = () => {
    const run = ++latest;
    void snapshot().then(
      (state) => run === latest && listener(state),
      () => undefined,
    );
  };
  const stop = uploadQueue.subscribe(refresh);
  refresh();
  return stop;
}
