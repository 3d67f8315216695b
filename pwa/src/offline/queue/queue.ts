import { backoffDelay } from './backoff';
import { exclusive } from './exclusive';
import { askPersistentStorage } from './persistent-storage';
import { announceQueued } from './presence';
import type { FlushOptions, FlushReport, QueuePolicy, QueueRecord, RoundScope, Verdict } from './types';

const EVERYTHING: RoundScope<never> = { accepts: () => true, stamp: (r) => r, proceed: () => true };

/** A stored, retried, exclusive, broadcast queue: the mechanism, with what items are and mean left to `policy`. */
export function createQueue<T extends QueueRecord, R, B extends string = never>(
  policy: QueuePolicy<T, R, B>,
) {
  const { store, status } = policy;
  const delay = (attempts: number) => backoffDelay(attempts, policy.backoff);
  const emit = () => policy.channel.publish({ type: 'changed' });
  const scope = (): RoundScope<T> | null => (policy.scope ? policy.scope() : EVERYTHING);
  /** Items this context is sending itself right now: flushes leave them alone meanwhile. */
  const held = new Set<string>();
  const resumeListeners = new Set<() => void>();
  let blocked: B | null = null;
  /** Items queued in the same millisecond (a share, a batch) still keep their order. */
  let lastCreatedAt = 0;
  let flushing: Promise<FlushReport<T>> | null = null;
  let again: { force: boolean } | null = null;

  /** Over what blocked the queue (returns whether something did); the change is broadcast. */
  function unblock(): boolean {
    const was = blocked !== null;
    blocked = null;
    emit();
    return was;
  }
  /** A reason to send again now (signed in, upgraded): the runners flush. */
  const resume = () => resumeListeners.forEach((l) => l());

  /** Stored first; only then is anything sent. `hold`: the caller sends it itself now (see release). */
  async function enqueue(record: T, { hold = false } = {}): Promise<T> {
    lastCreatedAt = Math.max(record.createdAt, lastCreatedAt + 1);
    const stored: T = { ...record, createdAt: lastCreatedAt };
    if (hold) held.add(stored.id);
    const first = (await store.count()) === 0;
    await store.put(stored);
    if (first) void askPersistentStorage();
    emit();
    announceQueued();
    return stored;
  }

  /** Stores what the server said about one try (the record already counts it). */
  async function settle(record: T, result: R, now = Date.now()): Promise<Verdict<B>> {
    const verdict = policy.judge(result);
    if (verdict.kind === 'done') {
      await store.delete(record.id);
      // The server took one, so whatever blocked the rest is over.
      if (blocked !== null && unblock()) resume();
    } else if (verdict.kind === 'refused') {
      await store.put({ ...record, status: status.failed, lastError: verdict.message });
    } else if (verdict.kind === 'retry') {
      const nextAttemptAt = now + delay(record.attempts);
      await store.put({ ...record, status: status.waiting, lastError: verdict.message, nextAttemptAt });
    } else {
      // Concerns every item alike: keep them all, and wait for the user rather than the clock.
      blocked = verdict.reason;
      await store.put({ ...record, status: status.waiting, attempts: Math.max(0, record.attempts - 1) });
    }
    policy.onSettled?.(record, result, verdict);
    emit();
    return verdict;
  }

  /** Still there and still to be sent by us: the list was read before earlier items were sent. */
  async function current(id: string): Promise<T | null> {
    const record = await store.get(id);
    return record && record.status !== status.failed && !held.has(id) ? record : null;
  }

  async function flushRound(options: FlushOptions<T, R>, force: boolean, report: FlushReport<T>) {
    const { send, now = Date.now, onSettled } = options;
    report.waiting = [];
    const round = scope();
    if (!round) return;
    const waiting = (await store.list()).filter(
      (r) => r.status !== status.failed && !held.has(r.id) && round.accepts(r),
    );
    /** Set once the server is unreachable: the rest wait at least until then instead of each trying in turn. */
    let deferTo: number | null = null;
    for (const item of waiting) {
      if (deferTo === null && !force && item.nextAttemptAt > now()) {
        report.waiting.push(item);
        continue;
      }
      const fresh = await current(item.id);
      if (!fresh) continue;
      if (deferTo !== null) {
        const nextAttemptAt = Math.max(fresh.nextAttemptAt, deferTo);
        if (nextAttemptAt !== fresh.nextAttemptAt) await store.put({ ...fresh, nextAttemptAt });
        report.waiting.push({ ...fresh, nextAttemptAt });
        continue;
      }
      if (!round.proceed()) return;
      // Left 'sending' by a reload or a closed tab, it is simply sent again: the idempotency key makes that safe.
      const record: T = { ...round.stamp(fresh), status: status.sending, attempts: fresh.attempts + 1 };
      await store.put(record);
      const result = await send(record).catch(policy.fromError);
      const verdict = await settle(record, result, now());
      onSettled?.(record, result);
      if (verdict.kind === 'done') report.sent.push(record);
      else if (verdict.kind === 'refused')
        report.failed.push({ ...record, status: status.failed, lastError: verdict.message });
      else if (verdict.kind === 'blocked') return;
      else {
        report.waiting.push({ ...record, status: status.waiting, lastError: verdict.message });
        if (verdict.unreachable) deferTo = now() + delay(record.attempts);
      }
    }
  }

  /**
   * Sends what is due (everything when forced), oldest first, under the Web Lock. A call during a flush
   * gets that flush, which then runs once more, unless the user must act first.
   */
  function flush(options: FlushOptions<T, R>): Promise<FlushReport<T>> {
    if (flushing) {
      again = { force: Boolean(options.force) || Boolean(again?.force) };
      return flushing;
    }
    const report: FlushReport<T> = { sent: [], failed: [], waiting: [] };
    flushing = (async () => {
      let run: { force: boolean } | null = { force: Boolean(options.force) };
      while (run) {
        again = null;
        const { force } = run;
        await exclusive(policy.lockName, () => flushRound(options, force, report));
        run = blocked === null ? again : null;
      }
      policy.onFlushed?.(report);
      return report;
    })().finally(() => {
      flushing = null;
      emit();
    });
    return flushing;
  }

  /** When the next retry of an item this context may send is due, or null if none waits. */
  async function nextDueAt(): Promise<number | null> {
    const round = scope();
    if (!round) return null;
    const times = (await store.list())
      .filter((r) => r.status !== status.failed && !held.has(r.id) && round.accepts(r))
      .map((r) => r.nextAttemptAt);
    return times.length ? Math.min(...times) : null;
  }

  /** The user's own choice, or what the server refused when sent directly: it leaves the device. */
  async function discard(id: string): Promise<void> {
    await store.delete(id);
    policy.onDiscarded?.(id);
    emit();
  }

  /**
   * Changes an item before it is sent (the user corrects it). Under the flush lock, so no round of any tab
   * sends the old one meanwhile: an item still marked 'sending' then is one a closed tab left. False when it
   * is gone (sent) or this context is sending it itself.
   */
  async function update(id: string, change: (record: T) => T): Promise<boolean> {
    const changed = await exclusive(policy.lockName, async () => {
      const record = await store.get(id);
      if (!record || held.has(id)) return false;
      await store.put(change(record));
      return true;
    });
    if (changed) emit();
    return changed;
  }

  return {
    enqueue,
    update,
    settle,
    flush,
    nextDueAt,
    discard,
    list: () => store.list(),
    get: (id: string) => store.get(id),
    release: (id: string): void => void held.delete(id),
    /** A failed item goes back into the queue as new. */
    async retry(id: string, now = Date.now()): Promise<void> {
      const record = await store.get(id);
      if (record)
        await store.put({
          ...record,
          status: status.waiting,
          attempts: 0,
          nextAttemptAt: now,
          lastError: null,
        });
      emit();
    },
    /** Takes an item out of the queue, e.g. to put a refused message back into its form. */
    async take(id: string): Promise<T | null> {
      const record = await store.get(id);
      if (record) await discard(id);
      return record ?? null;
    },
    /** Items wait for the server (unreachable, 5xx, 429), not for the user: a later try may send them. */
    async waitsForServer(): Promise<boolean> {
      return blocked === null && (await nextDueAt()) !== null;
    },
    isBlocked: (): B | null => blocked,
    unblock,
    resume,
    onResume(listener: () => void): () => void {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    /** Called after every change to the queue, made here, in another tab or in the service worker. */
    subscribe: (listener: () => void): (() => void) => policy.channel.subscribe(() => listener()),
    /** Tells every context to re-read the queue. */
    changed: emit,
  };
}

export type Queue<T extends QueueRecord, R, B extends string = never> = ReturnType<
  typeof createQueue<T, R, B>
>;
