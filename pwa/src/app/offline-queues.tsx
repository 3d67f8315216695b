import { useEffect } from 'react';
import { startOutboxSync } from '../offline/sync';
import { announceOutboxReport } from './outbox-notices';
import { UploadQueueStatus } from './upload-queue-status';

/**
 * The page's side of the offline queues: the photo queue's banner (which also runs the upload runner)
 * and the outbox of requests such as contact messages, sent on `online`, on a timer and at start.
 */
export function OfflineQueues() {
  useEffect(() => startOutboxSync({ announce: announceOutboxReport }), []);
  return <UploadQueueStatus />;
}
