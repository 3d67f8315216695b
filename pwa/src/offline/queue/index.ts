/**
 * The offline queue mechanism, written once: records kept in IndexedDB until the server confirmed them,
 * backoff with jitter, one flush at a time across tabs (Web Locks), changes broadcast to every tab, and
 * the flush triggers (start, online, view, timer, Background Sync). Policies on top say what an item is,
 * how it is sent and what each answer means (see offline/uploads and offline/outbox).
 */
export { backoffDelay, withJitter, JITTER_SHARE, type Backoff } from './backoff';
export {
  registerSync,
  requestSync,
  syncInWorker,
  type FlushAnswer,
  type SyncWindow,
  type WorkerSyncOptions,
} from './background-sync';
export { createChannel, type Channel } from './channel';
export { newId } from './new-id';
export { MAY_QUEUE_EVENT, QUEUED_EVENT, announceMayQueue, announceQueued } from './presence';
export { createQueue, type Queue } from './queue';
export type {
  ChangeChannel,
  FlushOptions,
  FlushReport,
  QueuePolicy,
  QueueRecord,
  RoundScope,
  Verdict,
} from './types';
export { queueStore, type QueueStore } from './queue-store';
export { startQueueRunner, type RunnableQueue, type RunnerOptions } from './runner';
