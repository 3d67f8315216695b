import type { PropertyRoom } from '@shared/api';
import { ROOM_TYPES, ROOM_TYPE_LABELS, type RoomType } from '@shared/domain';
import { StrokeIcon } from '../../../components/stroke-icon';
import { PROPERTY_TEXTS, roomName, styleLabel } from '../property-texts';
import { iconButton } from './styles';

/** What the analysis said of the photo, next to the room type it preset: the type, then the style seen. */
function detectionText(room: PropertyRoom): string {
  const { detected } = room;
  if (!detected?.confident) return PROPERTY_TEXTS.notDetected;
  const type =
    detected.roomType === room.roomType
      ? PROPERTY_TEXTS.detected
      : `${PROPERTY_TEXTS.detected}: ${ROOM_TYPE_LABELS[detected.roomType]}`;
  return detected.style ? `${type} · ${styleLabel(detected.style)}` : type;
}

export interface RoomRowProps {
  room: PropertyRoom;
  first: boolean;
  last: boolean;
  busy: boolean;
  onRoomType: (roomType: RoomType) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
}

/** One room on the server: thumbnail, its room type (detected or not), move up or down, delete. */
export function RoomRow({ room, first, last, busy, onRoomType, onMove, onDelete }: RoomRowProps) {
  const name = roomName(room.position);
  return (
    <li className="flex gap-3 rounded-xl bg-slate-950/60 p-2">
      <img
        src={room.thumbnailUrl}
        alt=""
        width={72}
        height={72}
        loading="lazy"
        className="h-18 w-18 shrink-0 rounded-lg bg-slate-800 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{name}</p>
        <select
          aria-label={`Room type for ${name}`}
          value={room.roomType}
          onChange={(e) => onRoomType(e.target.value as RoomType)}
          className="mt-1 min-h-11 w-full max-w-56 rounded-lg border border-slate-700 bg-slate-950 px-2 text-sm text-slate-100 focus:border-indigo-400 focus:outline-none"
        >
          {ROOM_TYPES.map((r) => (
            <option key={r} value={r}>
              {ROOM_TYPE_LABELS[r]}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-slate-400">{detectionText(room)}</p>
      </div>
      <div className="grid shrink-0 grid-cols-1 content-start sm:grid-cols-3">
        <button
          type="button"
          onClick={() => onMove(-1)}
          disabled={first || busy}
          aria-label={`Move ${name} up`}
          className={iconButton}
        >
          <StrokeIcon size={20} strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 19V5M6 11l6-6 6 6" />
          </StrokeIcon>
        </button>
        <button
          type="button"
          onClick={() => onMove(1)}
          disabled={last || busy}
          aria-label={`Move ${name} down`}
          className={iconButton}
        >
          <StrokeIcon size={20} strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 5v14M6 13l6 6 6-6" />
          </StrokeIcon>
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${name}`}
          className={`${iconButton} hover:text-red-300`}
        >
          <StrokeIcon className="h-5 w-5">
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
          </StrokeIcon>
        </button>
      </div>
    </li>
  );
}
