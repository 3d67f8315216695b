import { startQueueRunner } from '../queue';
import { flushOutbox, onOutboxReport, outboxQueue, type OutboxReport } from '../outbox';
import { subscribeUploadEvents } from '../uploads';

/**
 * Sends queued requests now, whenever the browser comes back online or the tab into view, when a queued
 * photo reaches the server (it is back: the edits go with the photos), and when the next one is due (see
 * startQueueRunner); `announce` hears every report. Returns a stop function.
 */
export function startOutboxSync({ announce }: { announce?: (report: OutboxReport) => void } = {}) {
  const stopAnnouncing = announce ? onOutboxReport(announce) : () => undefined;
  const runner = startQueueRunner(outboxQueue, {
    flush: (force) => flushOutbox({ ignoreBackoff: force }),
  });
  const stopFollowing = subscribeUploadEvents((e) => {
    if (e.type === 'created' || e.type === 'saved') void runner.kick();
  });
  return () => {
    runner.stop();
    stopFollowing();
    stopAnnouncing();
  };
}
