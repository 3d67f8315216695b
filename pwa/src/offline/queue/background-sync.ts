type SyncManager = { register(tag: string): Promise<void>; getTags(): Promise<string[]> };

/**
 * Asks the browser to fire the Background Sync `tag` for us, even with no tab open, through a service-worker
 * registration (the page's or the worker's own). `sync` is missing from some browsers and from TypeScript's
 * DOM types, so it is looked up loosely. Registered again while the browser fires or retries it, it would
 * fire again at once: a busy loop while the server is down. Pending, it needs nothing; gone (sent, or given
 * up on), it is asked anew.
 */
export async function registerSync(registration: unknown, tag: string): Promise<void> {
  const sync = (registration as { sync?: SyncManager } | undefined)?.sync;
  if (!sync) return;
  const pending = await sync.getTags().catch(() => [] as string[]);
  if (!pending.includes(tag)) await sync.register(tag).catch(() => undefined);
}

/** The same from a page, through the registration of the service worker that controls it. */
export async function requestSync(tag: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await registerSync(await navigator.serviceWorker.getRegistration(), tag);
}

/** A tab's answer to the service worker's flush request, on the port that came with it, once its flush is over. */
export interface FlushAnswer {
  waiting: boolean;
}

/** An open tab of the app, as the service worker sees it (a WindowClient). */
export interface SyncWindow {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/** Asks every open tab to flush (each updates its own screen); resolves with their answer, null if none came. */
function askWindows(
  windows: readonly SyncWindow[],
  message: unknown,
  withinMs: number,
): Promise<FlushAnswer | null> {
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
      client.postMessage(message, [port2]);
    });
  }).finally(done);
}

export interface WorkerSyncOptions {
  windows: () => Promise<readonly SyncWindow[]>;
  /** What the tabs are sent (they answer it with a FlushAnswer). */
  flushMessage: unknown;
  /** How long an open tab may take to flush and answer before the service worker sends the items itself. */
  answerWithinMs: number;
  /** The service worker's own flush, when no tab answered. */
  flushHere: () => Promise<unknown>;
  waitsForServer: () => Promise<boolean>;
  /** The error that makes the browser fire the event again later. */
  stillWaiting: string;
}

/**
 * A Background Sync event in the service worker. An open tab flushes itself; with none (or none answering)
 * the service worker flushes. It fails while items still wait for the server, so the browser fires it again
 * later (with its own backoff) even if no tab is ever opened.
 */
export async function syncInWorker(options: WorkerSyncOptions): Promise<void> {
  const open = await options.windows();
  const answer =
    open.length > 0 ? await askWindows(open, options.flushMessage, options.answerWithinMs) : null;
  if (answer === null) await options.flushHere();
  if (answer?.waiting ?? (await options.waitsForServer())) throw new Error(options.stillWaiting);
}
