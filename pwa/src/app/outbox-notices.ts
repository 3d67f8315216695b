import { showConfirmation, showError } from '../components/toast';
import type { OutboxReport } from '../offline/outbox';

/** Tells the user about queued requests that were finally delivered or refused for good. */
export function announceOutboxReport(report: OutboxReport): void {
  for (const r of report.sent) {
    if (r.notice) void showConfirmation({ title: r.notice.sentTitle, description: r.notice.sentDescription });
  }
  for (const r of report.failed) {
    if (r.notice) showError(r.lastError ?? undefined, r.notice.failedTitle);
  }
}
