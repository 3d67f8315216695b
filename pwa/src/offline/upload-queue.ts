import { deleteUpload, getUpload, listUploads, putUpload, type UploadRecord } from './db';

/** What the server said about one upload; anything but `created` keeps the photo on the device. */
export type SendResult =
  | { kind: 'created'; projectId: string }
  | { kind: 'auth' } // 401: sign in again, then it resumes
  | { kind: 'payment' } // 402: out of credits, the paywall opens
  | { kind: 'refused'; message: string } // other 4xx: failed until the user retries or discards
  | { kind: 'retry'; message: string }; // 5xx or no network: try again later

export type Sender = (record: UploadRecord) => Promise<SendResult>;

export interface QueueState {
  /** Photos not yet confirmed by the server (queued or being sent). */
  waiting: number;
  failed: UploadRecord[];
  blocked: 'auth' | 'payment' | null;
}

const BASE_DELAY_MS = 2000;
const MAX_DELAY_MS = 5 * 60 * 1000;
/** 2 s, 4 s, 8 s ... capped at 5 minutes. */
export const backoffMs = (attempts: number): number =>
  Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));

type Listener = (state: QueueState) => void;
const listeners = new Set<Listener>();
let blocked: QueueState['blocked'] = null;
let flushing: Promise<void> | null = null;
let askedPersist = false;

async function snapshot(): Promise<QueueState> {
  const all = await listUploads();
  return {
    waiting: all.filter((r) => r.status !== 'failed').length,
    failed: all.filter((r) => r.status === 'failed'),
    blocked,
  };
}

async function emit(): Promise<void> {
  const state = await snapshot();
  listeners.forEach((l) => l(state));
}

export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  void snapshot().then(listener);
  return () => listeners.delete(listener);
}

/** Stores the photo and its options first; only then is anything sent. */
export async function enqueueUpload(
  input: { file: Blob; fileName: string; fields: Record<string, string> },
  now = Date.now(),
): Promise<UploadRecord> {
  const record: UploadRecord = {
    id: crypto.randomUUID(),
    status: 'queued',
    createdAt: now,
    file: input.file,
    fileName: input.fileName,
    fields: input.fields,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    projectId: null,
  };
  await putUpload(record);
  // Ask the browser not to evict queued photos under storage pressure (window only).
  const storage =
    typeof navigator !== 'undefined'
      ? (navigator.storage as (StorageManager & { persist?: () => Promise<boolean> }) | undefined)
      : undefined;
  if (!askedPersist && storage?.persist) {
    askedPersist = true;
    void storage.persist().catch(() => false);
  }
  await emit();
  return record;
}

async function flushOnce(
  send: Sender,
  onCreated: (projectId: string, record: UploadRecord) => void,
  now: () => number,
): Promise<void> {
  // 'sending' items were interrupted (reload, closed tab): the idempotency key makes resending safe.
  const due = (await listUploads()).filter((r) => r.status !== 'failed' && r.nextAttemptAt <= now());
  for (const item of due) {
    const record: UploadRecord = { ...item, status: 'sending', attempts: item.attempts + 1 };
    await putUpload(record);
    let result: SendResult;
    try {
      result = await send(record);
    } catch (err) {
      result = { kind: 'retry', message: err instanceof Error ? err.message : 'Upload failed' };
    }
    if (result.kind === 'created') {
      onCreated(result.projectId, record);
      await deleteUpload(record.id);
      blocked = null;
      continue;
    }
    if (result.kind === 'refused') {
      await putUpload({ ...record, status: 'failed', lastError: result.message });
      continue;
    }
    if (result.kind === 'retry') {
      await putUpload({
        ...record,
        status: 'queued',
        lastError: result.message,
        nextAttemptAt: now() + backoffMs(record.attempts),
      });
    } else {
      // 401/402 concern every item alike: keep them all, stop, and wait for the user.
      blocked = result.kind;
      await putUpload({ ...record, status: 'queued', attempts: item.attempts });
    }
    break;
  }
}

/** Sends what is due, oldest first; one flush at a time per tab. */
export function flushUploads(
  send: Sender,
  onCreated: (projectId: string, record: UploadRecord) => void = () => undefined,
  now: () => number = Date.now,
): Promise<void> {
  flushing ??= flushOnce(send, onCreated, now).finally(() => {
    flushing = null;
    void emit();
  });
  return flushing;
}

/** Signed in again or upgraded: the blocked items may go. */
const unblockListeners = new Set<() => void>();
export function unblockUploads(): void {
  const was = blocked;
  blocked = null;
  void emit();
  if (was) unblockListeners.forEach((l) => l());
}
export function onUnblocked(listener: () => void): () => void {
  unblockListeners.add(listener);
  return () => unblockListeners.delete(listener);
}

export async function retryUpload(id: string, now = Date.now()): Promise<void> {
  const record = await getUpload(id);
  if (record)
    await putUpload({ ...record, status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null });
  await emit();
}

export async function discardUpload(id: string): Promise<void> {
  await deleteUpload(id);
  await emit();
}

/** When the next retry is due (for the backoff timer), or null if nothing waits. */
export async function nextDueAt(): Promise<number | null> {
  const times = (await listUploads()).filter((r) => r.status !== 'failed').map((r) => r.nextAttemptAt);
  return times.length ? Math.min(...times) : null;
}

export const isBlocked = (): QueueState['blocked'] => blocked;

/** A direct send failed for a transient reason: the photo stays queued and the runner retries it. */
export async function keepForRetry(id: string, message: string, now = Date.now()): Promise<void> {
  const record = await getUpload(id);
  if (record)
    await putUpload({
      ...record,
      status: 'queued',
      attempts: record.attempts + 1,
      lastError: message,
      nextAttemptAt: now + backoffMs(record.attempts + 1),
    });
  await emit();
}
