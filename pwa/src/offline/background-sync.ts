import { FLUSH_MESSAGE, SYNC_TAG } from './sync-constants';
import {
  flushUploads,
  isBlocked,
  nextDueAt,
  setUploadAccount,
  unblockUploads,
  uploadAccount,
  type Sender,
  type UploadAccount,
} from './upload-queue';

type SyncManager = { register(tag: string): Promise<void>; getTags(): Promise<string[]> };

/**
 * Asks the browser to flush the queue for us, even with no tab open, through a service-worker registration
 * (the page's or the worker's own). `sync` is missing from some browsers and from TypeScript's DOM types, so
 * it is looked up loosely. Registered again while the browser fires or retries it, it would fire again at
 * once: a busy loop while the server is down. Pending, it needs nothing; gone (sent, or given up on), it is
 * asked anew.
 */
export async function registerUploadSync(registration: unknown): Promise<void> {
  const sync = (registration as { sync?: SyncManager } | undefined)?.sync;
  if (!sync) return;
  const pending = await sync.getTags().catch(() => [] as string[]);
  if (!pending.includes(SYNC_TAG)) await sync.register(SYNC_TAG).catch(() => undefined);
}

/** A tab's answer to FLUSH_MESSAGE, on the port that came with it, once its flush is over. */
export interface FlushAnswer {
  waiting: boolean;
}

/** An open tab of the app, as the service worker sees it (a WindowClient). */
export interface SyncWindow {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface BackgroundSyncDeps {
  windows: () => Promise<readonly SyncWindow[]>;
  /** Who the session belongs to (throws when the server is unreachable). */
  account: () => Promise<UploadAccount | null>;
  send: Sender;
  /** How long an open tab may take to flush and answer before the service worker sends the photos itself. */
  answerWithinMs?: number;
}

export const STILL_WAITING = 'Photos still wait for the server: the browser tries again later';
const ANSWER_WITHIN_MS = 60_000;

/**
 * Photos of the signed-in account still wait for the server (unreachable, 5xx, 429). Photos that wait for
 * the user (signed out, 401, 402) or for another account do not count: a retry cannot send them.
 */
export async function waitsForServer(): Promise<boolean> {
  return Boolean(uploadAccount()) && !isBlocked() && (await nextDueAt()) !== null;
}

/** Asks every open tab to flush (each updates its own screen); resolves with their answer, null if none came. */
function askWindows(windows: readonly SyncWindow[], withinMs: number): Promise<FlushAnswer | null> {
  const channels = windows.map(() => new MessageChannel());
  const done = () => channels.forEach((c) => c.port1.close());
  return new Promise<FlushAnswer | null>((resolve) => {
    let pending = windows.length;
    let waiting = false;
    const timer = setTimeout(() => resolve(null), withinMs);
    windows.forEach((client, i) => {
      const { port1, port2 } = channels[i]!;
      port1.onmessage = (e: MessageEvent<FlushAnswer>) => {
        port1.onmessage = null; // one answer per tab
        waiting ||= e.data.waiting;
        if (--pending > 0) return;
        clearTimeout(timer);
        resolve({ waiting });
      };
      client.postMessage({ type: FLUSH_MESSAGE }, [port2]);
    });
  }).finally(done);
}

/**
 * The service worker's Background Sync event. An open tab flushes itself; with none (or none answering)
 * the service worker sends the signed-in account's photos. It fails while photos still wait for the
 * server, so the browser fires it again later (with its own backoff) even if no tab is ever opened.
 */
export async function syncUploads({
  windows,
  account,
  send,
  answerWithinMs = ANSWER_WITHIN_MS,
}: BackgroundSyncDeps): Promise<void> {
  const open = await windows();
  const answer = open.length > 0 ? await askWindows(open, answerWithinMs) : null;
  if (answer === null) {
    setUploadAccount(await account());
    // A 401 or 402 met by an earlier event of this worker may be over by now: every event tries afresh.
    unblockUploads();
    await flushUploads(send, undefined, Date.now, true);
  }
  if (answer?.waiting ?? (await waitsForServer())) throw new Error(STILL_WAITING);
}
