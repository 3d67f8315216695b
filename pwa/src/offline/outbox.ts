import { ApiError, apiRequest, NetworkError } from '../lib/api-client';
import { deleteOutbox, getOutbox, listOutbox, putOutbox, type OutboxNotice, type OutboxRecord } from './db';

export type { OutboxRecord, OutboxNotice } from './db';

const BASE_DELAY_MS = 15_000;
const MAX_DELAY_MS = 30 * 60_000;

/** A random UUID; crypto.randomUUID exists only in secure contexts, so plain-HTTP LAN installs need the fallback. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Worth trying again later: the network, the server's own failure, or "slow down". */
export function isTransientFailure(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  return err instanceof ApiError && (err.status >= 500 || err.status === 429 || err.status === 408);
}

/** 15 s, 30 s, 1 min, ... capped at 30 min. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));

const listeners = new Set<() => void>();
const notifyLocal = () => listeners.forEach((l) => l());
// Other tabs of the app hear about changes too (a message queued here, sent from there).
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('stagely-outbox') : null;
channel?.addEventListener('message', notifyLocal);

/** Called after every change to the outbox, made in this tab or another. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  notifyLocal();
  channel?.postMessage('changed');
};

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

export async function enqueueRequest(input: EnqueueInput, now = Date.now()): Promise<OutboxRecord> {
  const record: OutboxRecord = {
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
  };
  await putOutbox(record);
  changed();
  return record;
}

export async function listOutboxItems(kind?: string): Promise<OutboxRecord[]> {
  const all = await listOutbox();
  return kind ? all.filter((r) => r.kind === kind) : all;
}

export async function discardOutboxItem(id: string): Promise<void> {
  await deleteOutbox(id);
  changed();
}

/** Takes an item out of the outbox, e.g. to put a refused message back into its form. */
export async function takeOutboxItem(id: string): Promise<OutboxRecord | null> {
  const record = await getOutbox(id);
  if (record) await discardOutboxItem(id);
  return record ?? null;
}

export type Sender = (record: OutboxRecord) => Promise<unknown>;
const sendOverHttp: Sender = (r) =>
  apiRequest(r.path, { method: r.method, body: r.body, headers: { 'Idempotency-Key': r.id } });

export interface FlushReport {
  sent: OutboxRecord[];
  failed: OutboxRecord[];
  waiting: OutboxRecord[];
}
export interface FlushOptions {
  now?: number;
  send?: Sender;
  /** Try every pending item now, ignoring its backoff (the browser just came back online). */
  ignoreBackoff?: boolean;
}

async function flushOnce({ now = Date.now(), send = sendOverHttp, ignoreBackoff = false }: FlushOptions) {
  const report: FlushReport = { sent: [], failed: [], waiting: [] };
  let offline = false;
  for (const record of await listOutbox()) {
    if (record.status !== 'pending') continue;
    if (offline || (!ignoreBackoff && record.nextAttemptAt > now)) {
      report.waiting.push(record);
      continue;
    }
    try {
      await send(record);
      await deleteOutbox(record.id);
      report.sent.push(record);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (isTransientFailure(err)) {
        // One network error means the rest would fail the same way: leave them for the next round.
        offline = err instanceof NetworkError;
        const attempts = record.attempts + 1;
        const next = { ...record, attempts, nextAttemptAt: now + retryDelayMs(attempts), lastError: message };
        await putOutbox(next);
        report.waiting.push(next);
      } else {
        const failed: OutboxRecord = { ...record, status: 'failed', lastError: message };
        await putOutbox(failed);
        report.failed.push(failed);
      }
    }
  }
  if (report.sent.length || report.failed.length || report.waiting.length) changed();
  return report;
}

let inFlight: Promise<FlushReport> | null = null;

/**
 * Sends what is due. One flush at a time per tab, and one per origin where Web Locks exist,
 * so two tabs never send the same item at once.
 */
export function flushOutbox(options: FlushOptions = {}): Promise<FlushReport> {
  inFlight ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks
        ? await locks.request('stagely-outbox', () => flushOnce(options))
        : await flushOnce(options);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
