import { PROPERTY_TEXTS, stagedCount } from '../property-texts';
import type { StageSummary } from '../stage-summary';

/** Overall progress of the property's stagings, with the counts by status. */
export function StageProgress({ summary }: { summary: StageSummary }) {
  const { counts, overall, total } = summary;
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span>{PROPERTY_TEXTS.overall}</span>
        <span>{stagedCount(counts.completed, total)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={PROPERTY_TEXTS.overall}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={overall}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div className="h-full bg-indigo-500 transition-all" style={{ width: `${overall}%` }} />
      </div>
      <p className="mt-2 flex flex-wrap gap-x-3 text-xs text-slate-300" aria-live="polite">
        <span>Completed: {counts.completed}</span>
        <span>Processing: {counts.processing}</span>
        <span>Pending: {counts.pending}</span>
        <span>Failed: {counts.failed}</span>
      </p>
    </div>
  );
}
