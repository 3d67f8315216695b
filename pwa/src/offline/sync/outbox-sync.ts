import { startQueueRunner } from '../queue';
import { flushOutbox, onOutboxReport, outboxQueue, type OutboxReport } from '../outbox';

/**
 * Sends queued requests now, whenever the browser comes back online or the tab into view, and when the
 * next one is due (see startQueueRunner); `announce` hears every report. Returns a stop function.
 */
export function startOutboxSync({ announce }: { announce?: (report: OutboxReport) => void } = {}) {
  const stopAnnouncing = announce ? onOutboxReport(announce) : () => undefined;
  const runner = startQueueRunner(outboxQueue, {
    flush: (force) => flushOutbox({ ignoreBackoff: force }),
  });
  return () => {
    runner.stop();
    stopAnnouncing();
  };
}
