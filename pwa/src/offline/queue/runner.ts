import { withJitter } from './backoff';
import { requestSync, type FlushAnswer } from './background-sync';

/** What a runner needs of a queue (see createQueue). */
export interface RunnableQueue {
  nextDueAt(): Promise<number | null>;
  isBlocked(): unknown;
  waitsForServer(): Promise<boolean>;
  subscribe(listener: () => void): () => void;
  onResume(listener: () => void): () => void;
}

export interface RunnerOptions {
  /** Sends everything waiting when forced, else only what is due. */
  flush: (force: boolean) => Promise<unknown>;
  /** Before every flush, online or not. */
  prepare?: () => Promise<unknown>;
  /**
   * Background Sync: while items wait for the server the browser is asked to fire `tag`, so they go even
   * after this tab closes; the service worker then sends `flushMessage` to open tabs, which flush and answer.
   */
  backgroundSync?: { tag: string; flushMessage: string };
  random?: () => number;
}

/** The page's document: this module also loads in the service worker, which has none (nor a window). */
interface PageDocument extends EventTarget {
  readonly visibilityState: string;
}
const page = () => (globalThis as unknown as { document?: PageDocument }).document;

/** A retry timer never fires sooner than this. */
const MIN_WAIT_MS = 1000;

/**
 * Flushes a queue in this tab: on start, on `online`, when the tab comes back into view, when the queue
 * resumes (sign-in, upgrade) and when the service worker asks (all of these send everything waiting,
 * whatever its backoff), and on a timer at the next item's due time, with jitter. A change made by any
 * tab sets the timer anew. Nothing is tried while the browser says it is offline, nor while the queue
 * waits for the user. Returns a `kick` to flush now and a `stop`.
 */
export function startQueueRunner(queue: RunnableQueue, options: RunnerOptions) {
  const { flush, prepare, backgroundSync, random } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let planning: Promise<void> | null = null;
  let planAgain = false;
  let askSync = false;
  /** Flushes of this tab under way: it plans once they are over. */
  let flushing = 0;

  const plan = async (requestBackgroundSync: boolean) => {
    const due = await queue.nextDueAt();
    clearTimeout(timer);
    // Waiting for the user (401/402), or nothing of ours is due: no timer. Offline: wait for `online`.
    if (stopped || due === null || queue.isBlocked()) return;
    // Items wait for the server after a try: the browser may send them after this tab closes (asked
    // again, should it have given up on an earlier sync after its last retry).
    if (backgroundSync && requestBackgroundSync) void requestSync(backgroundSync.tag).catch(() => undefined);
    if (!navigator.onLine) return;
    timer = setTimeout(
      () => void run(false).catch(() => undefined),
      withJitter(Math.max(MIN_WAIT_MS, due - Date.now()), random),
    );
  };
  /** One plan at a time: asked during one, it plans once more after it. */
  const schedule = (requestBackgroundSync: boolean): Promise<void> => {
    askSync ||= requestBackgroundSync;
    if (planning) {
      planAgain = true;
      return planning;
    }
    planning = (async () => {
      do {
        planAgain = false;
        const ask = askSync;
        askSync = false;
        await plan(ask);
      } while (planAgain && !stopped);
    })().finally(() => (planning = null));
    return planning;
  };
  const run = async (force: boolean) => {
    if (stopped) return;
    await prepare?.();
    if (queue.isBlocked()) return;
    if (navigator.onLine) {
      flushing += 1;
      await flush(force).finally(() => (flushing -= 1));
    }
    await schedule(true);
  };
  /** Another tab (or this one's direct sends) changed the queue: the timer follows its new due time. */
  const onChange = () => {
    if (flushing === 0) void schedule(false).catch(() => undefined);
  };
  const kick = () => run(true).catch(() => undefined);
  const onOnline = () => void kick();
  const onVisible = () => {
    if (page()?.visibilityState === 'visible') void kick();
  };
  // The service worker's sync event asks, and waits for the answer: still waiting, the browser retries later.
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: string } | undefined)?.type !== backgroundSync?.flushMessage) return;
    const answer = async (): Promise<FlushAnswer> => ({
      waiting: await queue.waitsForServer().catch(() => true),
    });
    void kick()
      .then(answer)
      .then((a) => e.ports[0]?.postMessage(a));
  };

  const stopResumed = queue.onResume(() => void kick());
  const stopChanges = queue.subscribe(onChange);
  globalThis.addEventListener('online', onOnline);
  page()?.addEventListener('visibilitychange', onVisible);
  if (backgroundSync) navigator.serviceWorker?.addEventListener('message', onMessage);
  void kick();
  return {
    kick,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      stopResumed();
      stopChanges();
      globalThis.removeEventListener('online', onOnline);
      page()?.removeEventListener('visibilitychange', onVisible);
      if (backgroundSync) navigator.serviceWorker?.removeEventListener('message', onMessage);
    },
  };
}
