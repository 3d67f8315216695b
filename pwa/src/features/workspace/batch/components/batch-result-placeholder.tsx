import { BATCH_TEXTS } from '../batch-messages';

/** The result column while the Batch tab is open: each photo's progress is in its row, View opens it here. */
export function BatchResultPlaceholder({ hasItems }: { hasItems: boolean }) {
  return (
    <section aria-label="Result" className="rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <p className="text-slate-300">{hasItems ? BATCH_TEXTS.resultsHint : BATCH_TEXTS.emptyHint}</p>
    </section>
  );
}
