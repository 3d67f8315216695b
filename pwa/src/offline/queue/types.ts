import type { Backoff } from './backoff';
import type { QueueStore } from './queue-store';

/** What every queued item has; a policy adds what the item is. */
export interface QueueRecord {
  /** Also the Idempotency-Key: however often it is resent, the server acts on it once. */
  id: string;
  status: string;
  /** Epoch milliseconds; the queue sends oldest first. */
  createdAt: number;
  /** Tries so far; the backoff grows with them. */
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

/** What the queue does with an item once the server answered; the policy reads the answer. */
export type Verdict<B extends string> =
  /** The server confirmed: only now does the item leave the device. */
  | { kind: 'done' }
  /** Refused for good: kept, failed, until the user retries or discards it. */
  | { kind: 'refused'; message: string }
  /** Tried again after the backoff; `unreachable`: the rest of the round would fail alike, so it waits as long. */
  | { kind: 'retry'; message: string; unreachable: boolean }
  /** The user must act first (sign in, upgrade): every item waits for that, and this try does not count. */
  | { kind: 'blocked'; reason: B };

/** Which items a round may send, and as what (e.g. the signed-in account's only, claimed by it). */
export interface RoundScope<T> {
  accepts(record: T): boolean;
  stamp(record: T): T;
  /** Asked before each item: false ends the round (e.g. another account signed in meanwhile). */
  proceed(): boolean;
}

export interface FlushReport<T> {
  sent: T[];
  failed: T[];
  /** Still waiting after the last round: not due yet, or tried and kept for later. */
  waiting: T[];
}

/** The change broadcast: every tab and the service worker re-read the queue when any of them changes it. */
export interface ChangeChannel {
  publish(event: { type: 'changed' }): void;
  subscribe(listener: () => void): () => void;
}

export interface QueuePolicy<T extends QueueRecord, R, B extends string> {
  store: QueueStore<T>;
  /** The Web Lock held while flushing: two tabs (or a tab and the service worker) never send the same item. */
  lockName: string;
  channel: ChangeChannel;
  backoff: Backoff;
  status: { waiting: T['status']; sending: T['status']; failed: T['status'] };
  /** What the server's answer means for the item. */
  judge: (result: R) => Verdict<B>;
  /** A send that threw (no network, a bug), as an answer to judge. */
  fromError: (err: unknown) => R;
  /** The scope of the next round; null: nothing may leave the device now. Everything when missing. */
  scope?(): RoundScope<T> | null;
  /** After an item's answer was stored: a policy tells its own listeners. */
  onSettled?(record: T, result: R, verdict: Verdict<B>): void;
  onDiscarded?(id: string): void;
  /** After a flush with all its rounds, once however many callers shared it. */
  onFlushed?(report: FlushReport<T>): void;
}

export interface FlushOptions<T, R> {
  send: (record: T) => Promise<R>;
  now?: () => number;
  /** Everything waiting, whatever its backoff (start, back online, sign-in, the user's "try now"). */
  force?: boolean;
  /** Each answer as it comes, after it was stored. */
  onSettled?: (record: T, result: R) => void;
}
