import { ROOM_TYPES, ROOM_TYPE_LABELS } from '@shared/domain';
import { useEffect, useState } from 'react';
import { WAITING_FOR_CONNECTION, type QueuedRoom } from '../../../offline/uploads';
import { PROPERTY_TEXTS, roomName } from '../property-texts';

/** The photo kept on this device, shown from its stored bytes. */
function LocalThumb({ file }: { file: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? (
    <img
      src={url}
      alt=""
      width={72}
      height={72}
      className="h-18 w-18 shrink-0 rounded-lg bg-slate-800 object-cover"
    />
  ) : (
    <span className="h-18 w-18 shrink-0 rounded-lg bg-slate-800" />
  );
}

/** Where the photo is: waiting (and why), on its way, refused, or just arrived. */
function stateText(room: QueuedRoom, online: boolean, uploaded: boolean): string {
  if (uploaded) return PROPERTY_TEXTS.uploaded;
  if (room.status === 'sending') return PROPERTY_TEXTS.uploading;
  if (!online || room.lastError) return WAITING_FOR_CONNECTION;
  return PROPERTY_TEXTS.queued;
}

export interface QueuedRoomRowProps {
  room: QueuedRoom;
  position: number;
  online: boolean;
  /** Sent: the server has it, its room is on its way to the screen. */
  uploaded?: boolean;
  onRoomType: (roomType: string | null) => void;
  onRetry: () => void;
  onDiscard: () => void;
}

/**
 * A photo of the property still on this device: its upload state; its room type can be set until it is
 * sent (else the server detects it); a refused one shows the server's sentence with Retry and Discard.
 */
export function QueuedRoomRow({
  room,
  position,
  online,
  uploaded = false,
  onRoomType,
  onRetry,
  onDiscard,
}: QueuedRoomRowProps) {
  const name = roomName(position);
  const failed = room.status === 'failed' && !uploaded;
  const editable = !uploaded && room.status !== 'sending';
  return (
    <li className="flex gap-3 rounded-xl bg-slate-950/60 p-2">
      <LocalThumb file={room.file} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">
          {name}{' '}
          <span
            className={`font-normal ${failed ? 'text-red-300' : uploaded ? 'text-emerald-300' : 'text-amber-300'}`}
          >
            · {failed ? PROPERTY_TEXTS.notSaved : stateText(room, online, uploaded)}
          </span>
        </p>
        <select
          aria-label={`Room type for ${name}`}
          value={room.roomType ?? ''}
          disabled={!editable}
          onChange={(e) => onRoomType(e.target.value || null)}
          className="mt-1 min-h-11 w-full max-w-56 rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100 focus:border-indigo-400 focus:outline-none disabled:opacity-60"
        >
          <option value="">{PROPERTY_TEXTS.detectedLater}</option>
          {ROOM_TYPES.map((r) => (
            <option key={r} value={r}>
              {ROOM_TYPE_LABELS[r]}
            </option>
          ))}
        </select>
        {failed && (
          <div className="mt-1">
            <p className="text-xs text-red-300">{room.lastError}</p>
            <div className="flex gap-1">
              <button
                type="button"
                onClick={onRetry}
                aria-label={`${PROPERTY_TEXTS.retry} ${name}`}
                className="min-h-11 rounded-lg px-3 text-sm font-medium text-amber-300 hover:bg-slate-800"
              >
                {PROPERTY_TEXTS.retry}
              </button>
              <button
                type="button"
                onClick={onDiscard}
                aria-label={`${PROPERTY_TEXTS.discard} ${name}`}
                className="min-h-11 rounded-lg px-3 text-sm font-medium text-slate-300 hover:bg-slate-800"
              >
                {PROPERTY_TEXTS.discard}
              </button>
            </div>
          </div>
        )}
      </div>
    </li>
  );
}
