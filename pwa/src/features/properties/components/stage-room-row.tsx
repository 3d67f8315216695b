import type { PropertyRoom } from '@shared/api';
import { PROJECT_STATUS_LABELS } from '@shared/domain';
import { PROPERTY_TEXTS, roomName, roomTitle } from '../property-texts';
import { roomProgress, stagingRuns } from '../stage-summary';

const statusStyle = {
  pending: 'text-slate-300',
  processing: 'text-indigo-300',
  completed: 'text-emerald-300',
  failed: 'text-red-300',
} as const;

/** One room in the stage panel: chosen or not, its staging's state and progress, retry or restage it alone. */
export function StageRoomRow({
  room,
  chosen,
  disabled,
  onChoose,
  onStageOne,
}: {
  room: PropertyRoom;
  chosen: boolean;
  disabled: boolean;
  onChoose: (on: boolean) => void;
  onStageOne: () => void;
}) {
  const project = room.project;
  const runs = stagingRuns(room);
  const progress = roomProgress(room);
  const name = roomName(room.position);
  return (
    <li className="rounded-xl bg-slate-950/60 p-2">
      <div className="flex items-center gap-2">
        <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3 px-1">
          <input
            type="checkbox"
            checked={chosen}
            disabled={disabled || runs}
            onChange={(e) => onChoose(e.target.checked)}
            className="h-5 w-5 shrink-0 accent-indigo-500"
          />
          <span className="min-w-0">
            <span className="block text-sm font-medium">{roomTitle(room.position, room.roomType)}</span>
            {project && (
              <span className={`block text-xs ${statusStyle[project.status]}`}>
                {PROJECT_STATUS_LABELS[project.status]}
                {runs && ` ${progress}%`}
              </span>
            )}
          </span>
        </label>
        {project?.status === 'failed' && (
          <button
            type="button"
            onClick={onStageOne}
            disabled={disabled}
            aria-label={`${PROPERTY_TEXTS.retry} ${name}`}
            className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium text-amber-300 hover:bg-slate-800 disabled:opacity-50"
          >
            {PROPERTY_TEXTS.retry}
          </button>
        )}
        {project?.status === 'completed' && (
          <button
            type="button"
            onClick={onStageOne}
            disabled={disabled}
            aria-label={`${PROPERTY_TEXTS.restage} ${name}`}
            className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium text-indigo-300 hover:bg-slate-800 disabled:opacity-50"
          >
            {PROPERTY_TEXTS.restage}
          </button>
        )}
      </div>
      {runs && (
        <div
          role="progressbar"
          aria-label={`${name} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mx-1 mt-1 h-1.5 overflow-hidden rounded-full bg-slate-800"
        >
          <div className="h-full bg-indigo-500 transition-all" style={{ width: `${progress}%` }} />
        </div>
      )}
      {project?.status === 'failed' && project.error && (
        <p className="mx-1 mt-1 text-xs text-red-300">{project.error}</p>
      )}
    </li>
  );
}
