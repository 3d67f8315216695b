import { showToast } from '../components/toast';
import { flushOutbox, type FlushReport } from './outbox';

export const OUTBOX_POLL_MS = 30_000;

/** Tells the user about queued requests that were finally delivered or refused for good. */
export function announceReport(report: FlushReport): void {
  for (const r of report.sent) {
    if (r.notice) showToast({ title: r.notice.sentTitle, description: r.notice.sentDescription });
  }
  for (const r of report.failed) {
    if (r.notice)
      showToast({
        title: r.notice.failedTitle,
        description: r.lastError ?? undefined,
        variant: 'destructive',
      });
  }
}

/** Flushes the outbox now, whenever the browser comes back online, and on a timer; returns a stop function. */
export function startOutboxSync({ intervalMs = OUTBOX_POLL_MS } = {}): () => void {
  const run = (ignoreBackoff: boolean) => {
    flushOutbox({ ignoreBackoff }).then(announceReport, () => {
      // IndexedDB unavailable (private mode, quota): nothing can be queued, so nothing to send.
    });
  };
  const onOnline = () => run(true);
  window.addEventListener('online', onOnline);
  const timer = window.setInterval(() => run(false), intervalMs);
  run(true);
  return () => {
    window.removeEventListener('online', onOnline);
    window.clearInterval(timer);
  };
}
