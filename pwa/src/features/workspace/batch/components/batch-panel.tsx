import { BATCH_MAX, type RoomType } from '@shared/domain';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { bringIntoView } from '../../../../lib/bring-into-view';
import { batchCounts, itemsToProcess, overallProgress, type BatchItem } from '../batch-runner';
import { BATCH_TEXTS, batchCreditsLine } from '../batch-messages';
import { BatchItemRow } from './batch-item-row';
import { OverallProgress } from '../../../../components/overall-progress';

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
  /** Credits the account has left, or null when it does not count them (Pro, signed out, not known). */
  creditsLeft?: number | null;
}

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
  creditsLeft = null,
}: BatchPanelProps) {
  const inputId = useId();
  const [dragOver, setDragOver] = useState(false);
  const counts = batchCounts(items);
  const overall = overallProgress(items);
  const full = items.length >= BATCH_MAX;
  const needed = itemsToProcess(items).length;
  const progressRef = useRef<HTMLDivElement>(null);
  // A run started from the bottom of the options shows its progress where it is.
  useEffect(() => {
    if (running) bringIntoView(progressRef.current);
  }, [running]);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    if (running) return;
    // A dropped file that is not a photo is listed with the reason it is refused.
    onAddFiles([...e.dataTransfer.files]);
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
        <div ref={progressRef} className="scroll-mt-20 space-y-3">
          <OverallProgress
            caption="Overall progress"
            barLabel="Overall batch progress"
            summary={`${overall}%`}
            percent={overall}
            counts={counts}
          />
          <ul className="space-y-2" aria-label="Batch items">
            {items.map((item) => (
              <BatchItemRow
                key={item.id}
                item={item}
                running={running}
                batchRoomType={batchRoomType}
                onRoomType={onRoomType}
                onRemove={onRemove}
                onRetry={onRetry}
                onView={onView}
              />
            ))}
          </ul>
          {!running && creditsLeft !== null && needed > 0 && (
            <p className={`text-sm ${needed > creditsLeft ? 'text-amber-200' : 'text-slate-300'}`}>
              {batchCreditsLine(needed, creditsLeft)}
            </p>
          )}
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
