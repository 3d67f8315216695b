import {
  claimUnownedUploads,
  deleteUpload,
  getUpload,
  listUploads,
  putUpload,
  type UploadRecord,
} from './db';
import { publishUploadEvent, subscribeUploadEvents } from './upload-events';
import {
  otherAccountUploads,
  ownedBy,
  sendableBy,
  type OtherAccountUploads,
  type UploadAccount,
} from './upload-owner';

export type { OtherAccountUploads, UploadAccount } from './upload-owner';

/** What the server said about one upload; anything but `created` keeps the photo on the device. */
export type SendResult =
  | { kind: 'created'; projectId: string }
  | { kind: 'auth' } // 401: sign in again, then it resumes
  | { kind: 'payment' } // 402: out of credits, the paywall opens
  | { kind: 'refused'; message: string } // other 4xx: failed until the user retries or discards
  | { kind: 'retry'; message: string }; // 5xx or no network: try again later

export type Sender = (record: UploadRecord) => Promise<SendResult>;
export type OnCreated = (projectId: string, record: UploadRecord) => void;

export interface QueueState {
  /** This account's photos (and unclaimed ones) not yet confirmed by the server (queued or being sent). */
  waiting: number;
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

const BASE_DELAY_MS = 2000;
const MAX_DELAY_MS = 5 * 60 * 1000;
/** 2 s, 4 s, 8 s ... capped at 5 minutes. */
export const backoffMs = (attempts: number): number =>
  Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));

const LOCK_NAME = 'stagely-upload-flush';
let blocked: QueueState['blocked'] = null;
/** Who is signed in: null when nobody is, undefined until the page knows. Nothing is sent without one. */
let account: UploadAccount | null | undefined;
let flushing: Promise<void> | null = null;
let again: { force: boolean } | null = null;
/** Photos this tab is sending directly (createProject): the runner leaves them alone meanwhile. */
const held = new Set<string>();
/** Photos queued in the same millisecond (a share, a batch) still keep their order. */
let lastCreatedAt = 0;

async function snapshot(): Promise<QueueState> {
  const all = await listUploads();
  const current = account;
  // Signed out (or not known yet): whoever signs in next decides, so no photo is set apart.
  const mine = current ? all.filter((r) => sendableBy(r, current)) : all;
  const waiting = mine.filter((r) => r.status !== 'failed');
  return {
    waiting: waiting.length,
    sending: waiting.some((r) => r.status === 'sending'),
    stalled: waiting.some((r) => r.lastError !== null),
    failed: mine.filter((r) => r.status === 'failed'),
    blocked: current === null && waiting.length > 0 ? 'auth' : blocked,
    owned: waiting.some((r) => Boolean(r.ownerId)),
    otherAccounts: current ? otherAccountUploads(all, current) : [],
  };
}

/** Every tab (and the service worker) re-reads the queue when any of them changes it. */
const emit = () => publishUploadEvent({ type: 'changed' });

export function subscribeQueue(listener: (state: QueueState) => void): () => void {
  const refresh = () => void snapshot().then(listener, () => undefined);
  const stop = subscribeUploadEvents(refresh);
  refresh();
  return stop;
}

/** Signed in again or upgraded: the blocked items may go. */
const unblockListeners = new Set<() => void>();
export function unblockUploads(): void {
  const was = blocked;
  blocked = null;
  emit();
  if (was) unblockListeners.forEach((l) => l());
}

export function onUnblocked(listener: () => void): () => void {
  unblockListeners.add(listener);
  return () => unblockListeners.delete(listener);
}

export const uploadAccount = (): UploadAccount | null | undefined => account;

/**
 * Who is signed in now (null: nobody). The queue sends that account's photos and unclaimed ones only;
 * a sign-in as another account resumes it for that account (what blocked the previous one is over).
 */
export function setUploadAccount(next: UploadAccount | null): void {
  const switched = account === undefined || (account?.id ?? null) !== (next?.id ?? null);
  account = next;
  if (!switched) return;
  blocked = null;
  emit();
  if (next) unblockListeners.forEach((l) => l());
}

/** Photos nobody has claimed yet (shared into the app) become the signed-in account's once it sees them. */
export async function claimUploads(): Promise<void> {
  if (account && (await claimUnownedUploads(ownedBy(account)))) emit();
}

/** Keeps queued photos from being evicted under storage pressure (windows only; asked once per queue). */
async function askPersistentStorage(): Promise<void> {
  // `persist` exists in windows only (this module also runs in the service worker).
  const storage =
    'document' in globalThis
      ? (navigator.storage as (StorageManager & { persist?: () => Promise<boolean> }) | undefined)
      : undefined;
  if (!storage?.persist || (await storage.persisted?.().catch(() => false))) return;
  await storage.persist().catch(() => false);
}

/** Stores the photo and its options first; only then is anything sent. `hold`: the caller sends it now. */
export async function enqueueUpload(
  input: {
    file: Blob;
    fileName: string;
    fields: Record<string, string>;
    /** Who it is taken for; null from the service worker, which cannot know (claimed later). */
    owner: UploadAccount | null;
  },
  now = Date.now(),
  { hold = false } = {},
): Promise<UploadRecord> {
  lastCreatedAt = Math.max(now, lastCreatedAt + 1);
  const record: UploadRecord = {
    id: crypto.randomUUID(),
    status: 'queued',
    createdAt: lastCreatedAt,
    file: input.file,
    fileName: input.fileName,
    fields: input.fields,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    projectId: null,
    ownerId: input.owner?.id ?? null,
    ownerName: input.owner?.name ?? null,
  };
  if (hold) held.add(record.id);
  const first = (await listUploads()).length === 0;
  await putUpload(record);
  if (first) void askPersistentStorage();
  emit();
  return record;
}

export const releaseUpload = (id: string): void => void held.delete(id);

/**
 * Stores what the server said about one attempt (the record already counts it). Returns true when the
 * rest of the queue should wait too: the server is unreachable, or the user must act.
 */
export async function settleUpload(record: UploadRecord, result: SendResult, now = Date.now()) {
  let stop = false;
  if (result.kind === 'created') {
    await deleteUpload(record.id);
    if (blocked) unblockUploads(); // the server took one, so whatever blocked the rest is over
    publishUploadEvent({ type: 'created', id: record.id, projectId: result.projectId });
  } else if (result.kind === 'refused') {
    await putUpload({ ...record, status: 'failed', lastError: result.message });
    publishUploadEvent({ type: 'failed', id: record.id, message: result.message });
  } else if (result.kind === 'retry') {
    const nextAttemptAt = now + backoffMs(record.attempts);
    await putUpload({ ...record, status: 'queued', lastError: result.message, nextAttemptAt });
    stop = true;
  } else {
    // 401/402 concern every item alike: keep them all, and wait for the user rather than the clock.
    blocked = result.kind;
    await putUpload({ ...record, status: 'queued', attempts: Math.max(0, record.attempts - 1) });
    stop = true;
  }
  emit();
  return stop;
}

async function flushOnce(send: Sender, onCreated: OnCreated, now: () => number, force: boolean) {
  const sender = account;
  if (!sender) return; // signed out: nothing leaves the device
  // 'sending' items were interrupted (reload, closed tab): the idempotency key makes resending safe.
  const due = (await listUploads()).filter(
    (r) =>
      r.status !== 'failed' &&
      !held.has(r.id) &&
      sendableBy(r, sender) &&
      (force || r.nextAttemptAt <= now()),
  );
  for (const [index, item] of due.entries()) {
    if (account?.id !== sender.id) return; // signed out, or another account signed in, meanwhile
    // Sending an unclaimed photo claims it: should it wait again, it waits for this account.
    const record: UploadRecord = {
      ...item,
      ...ownedBy(sender),
      status: 'sending',
      attempts: item.attempts + 1,
    };
    await putUpload(record);
    const result = await send(record).catch((err: unknown): SendResult => ({
      kind: 'retry',
      message: err instanceof Error ? err.message : 'Upload failed',
    }));
    const stop = await settleUpload(record, result, now());
    if (result.kind === 'created') onCreated(result.projectId, record);
    if (!stop) continue;
    if (result.kind === 'retry') {
      // The server is unreachable: the others wait as long as this one instead of each trying in turn.
      const at = now() + backoffMs(record.attempts);
      for (const rest of due.slice(index + 1))
        await putUpload({ ...rest, nextAttemptAt: Math.max(rest.nextAttemptAt, at) });
    }
    return;
  }
}

/** One flush at a time across tabs and the service worker (Web Locks), and one per tab without them. */
function exclusive(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? locks.request(LOCK_NAME, () => work()).then(() => undefined) : work();
}

/** Sends what is due (everything when `force`), oldest first; a call during a flush runs once more after it. */
export function flushUploads(
  send: Sender,
  onCreated: OnCreated = () => undefined,
  now: () => number = Date.now,
  force = false,
): Promise<void> {
  if (flushing) {
    again = { force: force || Boolean(again?.force) };
    return flushing;
  }
  flushing = (async () => {
    let run: { force: boolean } | null = { force };
    while (run) {
      again = null;
      await exclusive(() => flushOnce(send, onCreated, now, run?.force ?? false));
      // A request that came in meanwhile runs now, unless the user must act first (401/402).
      run = blocked ? null : again;
    }
  })().finally(() => {
    flushing = null;
    emit();
  });
  return flushing;
}

export async function retryUpload(id: string, now = Date.now()): Promise<void> {
  const record = await getUpload(id);
  if (record)
    await putUpload({ ...record, status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null });
  emit();
}

/** The user's own choice, or a photo the server refused when sent directly: it leaves the device. */
export async function discardUpload(id: string): Promise<void> {
  await deleteUpload(id);
  publishUploadEvent({ type: 'discarded', id });
  emit();
}

/** When this account's next retry is due (for the backoff timer), or null if none of its photos waits. */
export async function nextDueAt(): Promise<number | null> {
  const sender = account;
  if (!sender) return null;
  const times = (await listUploads())
    .filter((r) => r.status !== 'failed' && !held.has(r.id) && sendableBy(r, sender))
    .map((r) => r.nextAttemptAt);
  return times.length ? Math.min(...times) : null;
}

export const isBlocked = (): QueueState['blocked'] => blocked;
