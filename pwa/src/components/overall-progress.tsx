import { toastAvoid } from './toast';

/** Items by status, as a run of several photos counts them. */
export interface StatusCounts {
  completed: number;
  processing: number;
  pending: number;
  failed: number;
}

/**
 * The overall bar of a run of several photos (a batch, a property's rooms): a caption with `summary` on
 * its right, the bar at `percent`, and the counts by status, read out as they change.
 */
export function OverallProgress({
  caption,
  barLabel,
  summary,
  percent,
  counts,
}: {
  caption: string;
  barLabel: string;
  summary: string;
  percent: number;
  counts: StatusCounts;
}) {
  return (
    <div {...toastAvoid}>
      <div className="flex justify-between text-sm">
        <span>{caption}</span>
        <span>{summary}</span>
      </div>
      <div
        role="progressbar"
        aria-label={barLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div className="h-full bg-indigo-500 transition-all" style={{ width: `${percent}%` }} />
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
