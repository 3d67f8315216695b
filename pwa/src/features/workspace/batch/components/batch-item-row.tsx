import {
  PROJECT_STATUS_LABELS,
  ROOM_TYPES,
  ROOM_TYPE_LABELS,
  formatFileSize,
  type ProjectStatus,
  type RoomType,
} from '@shared/domain';
import type { BatchItem, Detection } from '../batch-runner';
import { BATCH_TEXTS } from '../batch-messages';

const statusStyle: Record<ProjectStatus, string> = {
  pending: 'text-slate-300',
  processing: 'text-indigo-300',
  completed: 'text-emerald-300',
  failed: 'text-red-300',
};

const detectionText: Record<Detection, string> = {
  analysing: BATCH_TEXTS.analysing,
  detected: BATCH_TEXTS.detected,
  unsure: BATCH_TEXTS.unsure,
};

/** Its room type can change until the item is sent: pending (not queued) or failed (not refused). */
const editable = (item: BatchItem) =>
  (item.status === 'pending' && !item.waiting) || (item.status === 'failed' && !item.refused);

export interface BatchItemRowProps {
  item: BatchItem;
  running: boolean;
  batchRoomType: RoomType;
  onRoomType: (id: string, roomType: RoomType) => void;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
  onView: (projectId: string) => void;
}

/** One photo of a batch: its thumbnail, state, own room type (until sent) and actions. */
export function BatchItemRow({
  item,
  running,
  batchRoomType,
  onRoomType,
  onRemove,
  onRetry,
  onView,
}: BatchItemRowProps) {
  return (
    <li className="rounded-xl bg-slate-950/60 p-2">
      <div className="flex items-start gap-3">
        {item.thumbnailUrl && !item.refused && (
          <img
            src={item.thumbnailUrl}
            alt=""
            width={56}
            height={56}
            className="h-14 w-14 shrink-0 rounded-lg object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{item.name}</p>
          <p className="text-xs text-slate-400">
            {item.file && `${formatFileSize(item.file.size)} · `}
            {item.waiting ? (
              <span className="text-amber-300">{item.waiting}</span>
            ) : (
              <span className={statusStyle[item.status]}>{PROJECT_STATUS_LABELS[item.status]}</span>
            )}
            {item.status === 'processing' && ` ${item.progress}%`}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-2">
            <select
              aria-label={`Room type for ${item.name}`}
              value={item.roomType ?? batchRoomType}
              disabled={running || !editable(item)}
              onChange={(e) => onRoomType(item.id, e.target.value as RoomType)}
              className="min-h-11 max-w-full rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100 focus:border-indigo-400 focus:outline-none disabled:opacity-60"
            >
              {ROOM_TYPES.map((r) => (
                <option key={r} value={r}>
                  {ROOM_TYPE_LABELS[r]}
                </option>
              ))}
            </select>
            {item.detection && editable(item) && (
              <span className="text-xs text-slate-400">{detectionText[item.detection]}</span>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end">
          {item.status === 'completed' && item.projectId && (
            <button
              type="button"
              onClick={() => onView(item.projectId ?? '')}
              aria-label={`View ${item.name}`}
              className="min-h-11 rounded-lg px-3 text-sm font-medium text-indigo-300 hover:bg-slate-800"
            >
              View
            </button>
          )}
          {item.status === 'failed' && !item.refused && (
            <button
              type="button"
              onClick={() => onRetry(item.id)}
              disabled={running}
              aria-label={`Retry ${item.name}`}
              className="min-h-11 rounded-lg px-3 text-sm font-medium text-amber-300 hover:bg-slate-800 disabled:opacity-50"
            >
              Retry
            </button>
          )}
          {/* A waiting photo belongs to the upload queue now; it is not removed from here. */}
          {!running && item.status !== 'processing' && !item.waiting && (
            <button
              type="button"
              onClick={() => onRemove(item.id)}
              aria-label={`Remove ${item.name}`}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800"
            >
              <span aria-hidden="true">✕</span>
            </button>
          )}
        </div>
      </div>
      {item.error && (
        // A pending photo's reason (left for want of credits) is a note, not a failure.
        <p className={`mt-1 text-xs ${item.status === 'pending' ? 'text-amber-200' : 'text-red-300'}`}>
          {item.error}
        </p>
      )}
    </li>
  );
}
