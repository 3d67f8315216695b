import { ApiError, apiRequest, NetworkError } from '../../lib/api-client';
import type { OutboxNotice, OutboxRecord } from '../db';
import {
  backoffDelay,
  createChannel,
  createQueue,
  newId,
  queueStore,
  type FlushReport,
  type Verdict,
} from '../queue';

export type { OutboxNotice, OutboxRecord } from '../db';

// As the photo queue's: a queued edit goes within seconds of the server being back, with the photos.
const BACKOFF = { baseMs: 2000, maxMs: 5 * 60_000 };

/** Worth trying again later: the network, the server's own failure, or "slow down". */
export function isTransientFailure(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  return err instanceof ApiError && (err.status >= 500 || err.status === 429 || err.status === 408);
}

/** 2 s, 4 s, 8 s, ... capped at 5 min. */
export const retryDelayMs = (attempts: number): number => backoffDelay(attempts, BACKOFF);

/** A send resolves (the server took it) or rejects with why not. */
type Answer = { ok: true } | { ok: false; error: unknown };
const TAKEN: Answer = { ok: true };

function judge(answer: Answer): Verdict<never> {
  if (answer.ok) return { kind: 'done' };
  const { error } = answer;
  const message = error instanceof Error ? error.message : String(error);
  // One network error means the rest would fail the same way; a 5xx may be this request's alone.
  if (isTransientFailure(error))
    return { kind: 'retry', message, unreachable: error instanceof NetworkError };
  return { kind: 'refused', message };
}

/** The outbox kind of an edit made with no connection (the queue's bar counts them apart). */
export const EDIT_OUTBOX_KIND = 'edit';

export type OutboxReport = FlushReport<OutboxRecord>;
const announcers = new Set<(report: OutboxReport) => void>();

/** The `outbox` store. */
const outboxStore = queueStore('outbox');
export const putOutbox = outboxStore.put;
export const getOutbox = outboxStore.get;
/** Oldest first. */
export const listOutbox = outboxStore.list;

/** Queued JSON requests (contact messages): the queue mechanism with requests for items. */
export const outboxQueue = createQueue<OutboxRecord, Answer>({
  store: outboxStore,
  lockName: 'stagely-outbox',
  // Other tabs of the app hear about changes too (a message queued here, sent from there).
  channel: createChannel<{ type: 'changed' }>('stagely-outbox'),
  backoff: BACKOFF,
  status: { waiting: 'pending', sending: 'pending', failed: 'failed' },
  judge,
  fromError: (error) => ({ ok: false, error }),
  onFlushed: (report) => announcers.forEach((a) => a(report)),
});

/** Called with every flush's report (whoever asked for it), e.g. to tell the user what was delivered. */
export function onOutboxReport(announce: (report: OutboxReport) => void): () => void {
  announcers.add(announce);
  return () => announcers.delete(announce);
}

/** Called after every change to the outbox, made in this tab or another. */
export const subscribeOutbox = (listener: () => void): (() => void) => outboxQueue.subscribe(listener);

export interface EnqueueInput {
  /** Reuse the id of the attempt that just failed, so the server can recognise a retry. */
  id?: string;
  kind: string;
  path: string;
  method?: OutboxRecord['method'];
  body: unknown;
  notice?: OutboxNotice | null;
  lastError?: string | null;
}

/** Queues a request whose first attempt (made by the caller) just failed; it counts as the first try. */
export function enqueueRequest(input: EnqueueInput, now = Date.now()): Promise<OutboxRecord> {
  return outboxQueue.enqueue({
    id: input.id ?? newId(),
    kind: input.kind,
    method: input.method ?? 'POST',
    path: input.path,
    body: input.body,
    createdAt: now,
    attempts: 1,
    nextAttemptAt: now + retryDelayMs(1),
    status: 'pending',
    lastError: input.lastError ?? null,
    notice: input.notice ?? null,
  });
}

export async function listOutboxItems(kind?: string): Promise<OutboxRecord[]> {
  const all = await outboxQueue.list();
  return kind ? all.filter((r) => r.kind === kind) : all;
}

export const discardOutboxItem = (id: string): Promise<void> => outboxQueue.discard(id);

/** Takes an item out of the outbox, e.g. to put a refused message back into its form. */
export const takeOutboxItem = (id: string): Promise<OutboxRecord | null> => outboxQueue.take(id);

export type Sender = (record: OutboxRecord) => Promise<unknown>;
const sendOverHttp: Sender = (r) =>
  apiRequest(r.path, { method: r.method, body: r.body, headers: { 'Idempotency-Key': r.id } });

export interface FlushOptions {
  now?: number;
  send?: Sender;
  /** Try every pending item now, ignoring its backoff (the browser just came back online). */
  ignoreBackoff?: boolean;
}

/**
 * Sends what is due. One flush at a time per tab, and one per origin where Web Locks exist,
 * so two tabs never send the same item at once.
 */
export function flushOutbox({ now, send = sendOverHttp, ignoreBackoff = false }: FlushOptions = {}) {
  return outboxQueue.flush({
    send: (record) => send(record).then(() => TAKEN),
    now: now === undefined ? Date.now : () => now,
    force: ignoreBackoff,
  });
}
