/**
 * The outbox: JSON requests (contact messages) kept on the device while the server cannot be reached,
 * sent later under their first Idempotency-Key (the queue mechanism of offline/queue with requests for items).
 */
export { announceMayQueue, newId } from '../queue';
export {
  discardOutboxItem,
  EDIT_OUTBOX_KIND,
  enqueueRequest,
  flushOutbox,
  getOutbox,
  isTransientFailure,
  listOutbox,
  listOutboxItems,
  onOutboxReport,
  outboxQueue,
  putOutbox,
  retryDelayMs,
  subscribeOutbox,
  takeOutboxItem,
  type EnqueueInput,
  type FlushOptions,
  type OutboxNotice,
  type OutboxRecord,
  type OutboxReport,
  type Sender,
} from './outbox';
