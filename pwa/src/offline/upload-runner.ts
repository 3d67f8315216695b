import { registerUploadSync, waitsForServer, type FlushAnswer } from './background-sync';
import type { UploadRecord } from './db';
import {
  claimUploads,
  flushUploads,
  isBlocked,
  nextDueAt,
  onUnblocked,
  uploadAccount,
  type Sender,
} from './upload-queue';
import { FLUSH_MESSAGE, SYNC_TAG } from './sync-constants';

export { FLUSH_MESSAGE, SYNC_TAG };

/** The sender (and zod with it) loads when there is a photo to send, not with the page. */
const sendProjectUpload: Sender = (record) =>
  import('./upload-sender').then((m) => m.sendProjectUpload(record));

export interface UploadRunnerOptions {
  onCreated: (projectId: string, record: UploadRecord) => void;
  send?: Sender;
}

/** Asks the browser to flush for us even if the tab closes (Background Sync, where it exists). */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await registerUploadSync(await navigator.serviceWorker.getRegistration());
}

/**
 * Flushes on start, on `online`, when the tab comes back to view, when the service worker says so and
 * after sign-in or an upgrade (all of these send everything waiting, whatever its backoff), and on the
 * backoff timer. Only the signed-in account's photos go (see setUploadAccount); unclaimed ones become
 * its own on every kick, even offline. Returns a `kick` to flush now and a `stop`.
 */
export function startUploadRunner({ onCreated, send = sendProjectUpload }: UploadRunnerOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = async () => {
    clearTimeout(timer);
    const due = await nextDueAt();
    // Blocked by 401/402: wait for the user (sign-in or upgrade), not the clock. Offline: wait for `online`.
    // Signed out, or only other accounts' photos wait: nothing is due (null).
    if (stopped || due === null || isBlocked()) return;
    // Photos wait for the server: the browser may send them after this tab closes (again, should it have
    // given up on an earlier sync after its last retry).
    void requestBackgroundSync();
    if (!navigator.onLine) return;
    timer = setTimeout(() => void flush(false), Math.max(1000, due - Date.now()));
  };
  const flush = async (force: boolean) => {
    if (stopped) return;
    await claimUploads();
    if (isBlocked() || !uploadAccount()) return;
    if (navigator.onLine) await flushUploads(send, onCreated, Date.now, force);
    await schedule();
  };
  const kick = () => flush(true).catch(() => undefined);
  const onOnline = () => void kick();
  const onVisible = () => {
    if (document.visibilityState === 'visible') void kick();
  };
  // The service worker's sync event asks, and waits for the answer: still waiting, the browser retries later.
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: string } | undefined)?.type !== FLUSH_MESSAGE) return;
    const answer = async (): Promise<FlushAnswer> => ({ waiting: await waitsForServer().catch(() => true) });
    void kick()
      .then(answer)
      .then((a) => e.ports[0]?.postMessage(a));
  };

  const stopUnblocked = onUnblocked(() => void kick());
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  void kick();
  return {
    kick,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      stopUnblocked();
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    },
  };
}
