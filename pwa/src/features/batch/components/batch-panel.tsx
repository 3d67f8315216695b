import {
  BATCH_MAX,
  PROJECT_STATUS_LABELS,
  ROOM_TYPES,
  ROOM_TYPE_LABELS,
  formatFileSize,
  type ProjectStatus,
  type RoomType,
} from '@shared/domain';
import { useId, useState, type DragEvent } from 'react';
import { batchCounts, overallProgress, type BatchItem, type Detection } from '../batch-runner';
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

export interface BatchPanelProps {
  items: readonly BatchItem[];
  running: boolean;
  notice: string | null;
  /** The room type chosen for the batch: items not detected nor edited follow it. */
  batchRoomType: RoomType;
  onRoomType: (id: string, roomType: RoomType) => void;
  onAddFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  onRetry: (id: string) => void;
  onView: (projectId: string) => void;
}

/** Its room type can change until the item is sent: pending (not queued) or failed. */
const editable = (item: BatchItem) =>
  (item.status === 'pending' && !item.waiting) || item.status === 'failed';

/** The Batch Processing tab: pick up to 10 photos, check each one's room type, then watch the run. */
export function BatchPanel({
  items,
  running,
  notice,
  batchRoomType,
  onRoomType,
  onAddFiles,
  onRemove,
  onClear,
  onRetry,
  onView,
}: BatchPanelProps) {
  const inputId = useId();
  const [dragOver, setDragOver] = useState(false);
  const counts = batchCounts(items);
  const overall = overallProgress(items);
  const full = items.length >= BATCH_MAX;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    if (running) return;
    // Drag-and-drop takes only image files (spec section 5).
    onAddFiles([...e.dataTransfer.files].filter((f) => f.type.startsWith('image/')));
  };

  return (
    <div className="space-y-4">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={`rounded-xl border-2 border-dashed p-4 text-center ${dragOver ? 'border-indigo-400 bg-indigo-500/10' : 'border-slate-700'}`}
      >
        <label
          htmlFor={inputId}
          className={`inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-slate-800 px-4 font-medium hover:bg-slate-700 ${running || full ? 'pointer-events-none opacity-50' : ''}`}
        >
          Choose room photos
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={running || full}
          className="sr-only"
          onChange={(e) => {
            onAddFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <p className="mt-2 text-sm text-slate-400">
          Up to {BATCH_MAX} images. JPG, PNG, WebP. Drop them here or choose them.
        </p>
        <p className="mt-1 text-xs text-slate-400">{BATCH_TEXTS.roomHint}</p>
      </div>
      {notice && (
        <p role="status" className="rounded-lg bg-amber-400/10 px-3 py-2 text-sm text-amber-200">
          {notice}
        </p>
      )}
      {items.length > 0 && (
        <div className="space-y-3">
          <div>
            <div className="flex justify-between text-sm">
              <span>Overall progress</span>
              <span>{overall}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Overall batch progress"
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
          <ul className="space-y-2" aria-label="Batch items">
            {items.map((item) => (
              <li key={item.id} className="rounded-xl bg-slate-950/60 p-2">
                <div className="flex items-start gap-3">
                  {item.thumbnailUrl && (
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
                      {formatFileSize(item.file.size)} ·{' '}
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
                    {item.status === 'failed' && (
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
                {item.error && <p className="mt-1 text-xs text-red-300">{item.error}</p>}
              </li>
            ))}
          </ul>
          {!running && (
            <button
              type="button"
              onClick={onClear}
              className="min-h-11 rounded-lg px-3 text-sm text-slate-300 hover:bg-slate-800"
            >
              Clear batch
            </button>
          )}
        </div>
      )}
    </div>
  );
}
