import type { UploadRecord } from '../db';
import { backoffDelay, createQueue, newId, type Verdict } from '../queue';
import { publishUploadEvent, uploadChannel } from './upload-events';
import { ownedBy, sendableBy, type UploadAccount } from './upload-owner';
import { claimUnownedUploads, uploadStore } from './upload-store';

/** What the server said about one upload; anything but `created` keeps the photo on the device. */
export type SendResult =
  | { kind: 'created'; projectId: string }
  | { kind: 'saved'; propertyId: string } // a property's photo or the property itself
  | { kind: 'auth' } // 401: sign in again, then it resumes
  | { kind: 'payment' } // 402: out of credits, the paywall opens
  // other 4xx: failed until the user retries or discards; `paywall`: upgrading would lift it
  | { kind: 'refused'; message: string; paywall?: boolean }
  | { kind: 'retry'; message: string }; // 5xx or no network: try again later

export type Sender = (record: UploadRecord) => Promise<SendResult>;
export type OnCreated = (projectId: string, record: UploadRecord) => void;
type Blocked = 'auth' | 'payment';

const BACKOFF = { baseMs: 2000, maxMs: 5 * 60 * 1000 };
/** 2 s, 4 s, 8 s ... capped at 5 minutes. */
export const backoffMs = (attempts: number): number => backoffDelay(attempts, BACKOFF);

/** Who is signed in: null when nobody is, undefined until the page knows. Nothing is sent without one. */
let account: UploadAccount | null | undefined;

function judge(result: SendResult): Verdict<Blocked> {
  switch (result.kind) {
    case 'created':
    case 'saved':
      return { kind: 'done' };
    case 'refused':
      return { kind: 'refused', message: result.message };
    // A server that fails one photo (or cannot be reached) would fail the next alike: they all wait.
    case 'retry':
      return { kind: 'retry', message: result.message, unreachable: true };
    default:
      return { kind: 'blocked', reason: result.kind };
  }
}

/** The upload queue: the queue mechanism with photos for items, sent by the signed-in account only. */
export const uploadQueue = createQueue<UploadRecord, SendResult, Blocked>({
  store: uploadStore,
  lockName: 'stagely-upload-flush',
  channel: uploadChannel,
  backoff: BACKOFF,
  status: { waiting: 'queued', sending: 'sending', failed: 'failed' },
  judge,
  fromError: (err) => ({ kind: 'retry', message: err instanceof Error ? err.message : 'Upload failed' }),
  scope: () => {
    const sender = account;
    if (!sender) return null; // signed out: nothing leaves the device
    return {
      accepts: (r) => sendableBy(r, sender),
      // Sending an unclaimed photo claims it: should it wait again, it waits for this account.
      stamp: (r) => ({ ...r, ...ownedBy(sender) }),
      // Signed out, or another account signed in, meanwhile: the rest waits.
      proceed: () => account?.id === sender.id,
    };
  },
  onSettled: (record, result) => {
    if (result.kind === 'created')
      publishUploadEvent({ type: 'created', id: record.id, projectId: result.projectId });
    else if (result.kind === 'saved')
      publishUploadEvent({ type: 'saved', id: record.id, propertyId: result.propertyId });
    else if (result.kind === 'refused')
      publishUploadEvent({ type: 'failed', id: record.id, message: result.message, paywall: result.paywall });
  },
  onDiscarded: (id) => publishUploadEvent({ type: 'discarded', id }),
});

/** Signed in again or upgraded: the blocked photos may go. */
export function unblockUploads(): void {
  if (uploadQueue.unblock()) uploadQueue.resume();
}

export const onUnblocked = (listener: () => void): (() => void) => uploadQueue.onResume(listener);
export const isBlocked = (): Blocked | null => uploadQueue.isBlocked();
export const uploadAccount = (): UploadAccount | null | undefined => account;

/**
 * Who is signed in now (null: nobody). The queue sends that account's photos and unclaimed ones only;
 * a sign-in as another account resumes it for that account (what blocked the previous one is over).
 */
export function setUploadAccount(next: UploadAccount | null): void {
  const switched = account === undefined || (account?.id ?? null) !== (next?.id ?? null);
  account = next;
  if (!switched) return;
  uploadQueue.unblock();
  // Whose photos are set apart has changed: the screens count again.
  uploadQueue.changed();
  if (next) uploadQueue.resume();
}

/** Photos nobody has claimed yet (shared into the app) become the signed-in account's once it sees them. */
export async function claimUploads(): Promise<void> {
  if (account && (await claimUnownedUploads(ownedBy(account)))) uploadQueue.changed();
}

/** Stores the photo and its options first; only then is anything sent. `hold`: the caller sends it now. */
export function enqueueUpload(
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
  const record: UploadRecord = {
    id: newId(),
    status: 'queued',
    createdAt: now,
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
  return uploadQueue.enqueue(record, { hold });
}

export const releaseUpload = (id: string): void => uploadQueue.release(id);

/**
 * Stores what the server said about one attempt (the record already counts it). Returns true when the
 * rest of the queue should wait too: the server is unreachable, or the user must act.
 */
export async function settleUpload(record: UploadRecord, result: SendResult, now = Date.now()) {
  const verdict = await uploadQueue.settle(record, result, now);
  return verdict.kind === 'blocked' || verdict.kind === 'retry';
}

/** Sends what is due (everything when `force`), oldest first; a call during a flush runs once more after it. */
export async function flushUploads(
  send: Sender,
  onCreated: OnCreated = () => undefined,
  now: () => number = Date.now,
  force = false,
): Promise<void> {
  const onSettled = (record: UploadRecord, result: SendResult) => {
    if (result.kind === 'created') onCreated(result.projectId, record);
  };
  await uploadQueue.flush({ send, now, force, onSettled });
}

export const retryUpload = (id: string, now = Date.now()): Promise<void> => uploadQueue.retry(id, now);
export const discardUpload = (id: string): Promise<void> => uploadQueue.discard(id);
/** When this account's next retry is due (for the backoff timer), or null if none of its photos waits. */
export const nextDueAt = (): Promise<number | null> => uploadQueue.nextDueAt();
/**
 * Photos of the signed-in account still wait for the server (unreachable, 5xx, 429). Photos that wait for
 * the user (signed out, 401, 402) or for another account do not count: a retry cannot send them.
 */
export const waitsForServer = (): Promise<boolean> => uploadQueue.waitsForServer();
