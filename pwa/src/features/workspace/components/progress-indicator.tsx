import {
  PROJECT_STATUS_LABELS,
  isFinished,
  projectStatusText,
  remainingSecondsText,
  type EngineKind,
  type ProjectStatus,
} from '@shared/domain';
import { toastAvoid } from '../../../components/toast';

/**
 * Percentage, the status text (no AI claim for a preview) and, while unfinished, '~N seconds remaining'
 * or 'Finalizing...'.
 */
export function ProgressIndicator({
  status,
  progress,
  engine,
  error,
}: {
  status: ProjectStatus;
  progress: number;
  engine: EngineKind;
  error?: string | null;
}) {
  const pct = Math.min(100, Math.max(0, Math.round(progress)));
  const bar =
    status === 'failed' ? 'bg-red-500' : status === 'completed' ? 'bg-emerald-500' : 'bg-indigo-500';
  return (
    <section
      {...toastAvoid}
      aria-label="Staging progress"
      className="rounded-2xl border border-slate-800 bg-slate-900 p-4"
    >
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{PROJECT_STATUS_LABELS[status]}</span>
        <span>{pct}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Staging progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div className={`h-full transition-all ${bar}`} style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-300" aria-live="polite">
        {projectStatusText(status, engine)}
        {!isFinished(status) && <span className="ml-2 text-slate-400">{remainingSecondsText(pct)}</span>}
      </p>
      {status === 'failed' && error && (
        <p role="alert" className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
