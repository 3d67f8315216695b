import {
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_LABELS,
  FREE_STYLE_PRESETS,
  type RoomType,
  type StylePreset,
} from '@shared/domain';
import { useId } from 'react';

export interface DemoOptionsProps {
  roomType: RoomType | null;
  style: StylePreset;
  disabled: boolean;
  onRoomType: (roomType: RoomType) => void;
  onStyle: (style: StylePreset) => void;
}

/** Room type and design style pickers of the demo. */
export function DemoOptions({ roomType, style, disabled, onRoomType, onStyle }: DemoOptionsProps) {
  const roomId = useId();
  const styleLabelId = useId();
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <label htmlFor={roomId} className="text-sm font-medium text-slate-200">
          Room type
        </label>
        <select
          id={roomId}
          value={roomType ?? ''}
          disabled={disabled}
          onChange={(e) => onRoomType(e.target.value as RoomType)}
          className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3 text-slate-100 disabled:opacity-60"
        >
          <option value="" disabled>
            Select a room type
          </option>
          {ROOM_TYPES.map((r) => (
            <option key={r} value={r}>
              {ROOM_TYPE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <p id={styleLabelId} className="text-sm font-medium text-slate-200">
          Design style
        </p>
        <div role="group" aria-labelledby={styleLabelId} className="grid grid-cols-2 gap-2">
          {FREE_STYLE_PRESETS.map((s) => (
            <button
              key={s}
              type="button"
              disabled={disabled}
              aria-pressed={s === style}
              onClick={() => onStyle(s)}
              className={`min-h-11 rounded-lg border px-3 py-2 text-left disabled:opacity-60 ${
                s === style
                  ? 'border-indigo-400 bg-indigo-500/20 text-white'
                  : 'border-slate-700 text-slate-200 hover:bg-slate-800'
              }`}
            >
              <span className="block text-sm font-semibold">{STYLE_PRESET_LABELS[s]}</span>
              <span className="block text-xs text-slate-300">{STYLE_PRESET_DESCRIPTIONS[s]}</span>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
