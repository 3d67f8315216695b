import { Radio, RadioGroup } from '@headlessui/react';
import {
  COLOR_PALETTES,
  COLOR_PALETTE_LABELS,
  COLOR_PALETTE_SWATCHES,
  CUSTOM_PROMPT_MAX,
  ROOM_TYPES,
  ROOM_TYPE_LABELS,
  STAGING_MODES,
  STAGING_MODE_DESCRIPTIONS,
  STAGING_MODE_LABELS,
  STYLE_PRESETS,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_LABELS,
  type RoomType,
} from '@shared/domain';
import { useId } from 'react';
import type { StagingOptions } from '../staging-options';

export interface StagingOptionsPanelProps {
  value: StagingOptions;
  onChange: (next: StagingOptions) => void;
  onGenerate: () => void;
  busy: boolean;
  generateLabel: string;
}

const choice =
  'cursor-pointer rounded-xl border border-slate-700 p-3 text-left data-checked:border-indigo-400 data-checked:bg-indigo-500/10 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:outline-2 data-focus:outline-indigo-400';

/** Mode, room type, style, palette and prompt; style and palette are hidden when unstaging. */
export function StagingOptionsPanel({
  value,
  onChange,
  onGenerate,
  busy,
  generateLabel,
}: StagingOptionsPanelProps) {
  const ids = { room: useId(), prompt: useId(), mode: useId(), style: useId(), palette: useId() };
  const set = <K extends keyof StagingOptions>(key: K, v: StagingOptions[K]) =>
    onChange({ ...value, [key]: v });
  const unstage = value.stagingMode === 'unstage';

  return (
    <section
      aria-label="Staging options"
      className="space-y-5 rounded-2xl border border-slate-800 bg-slate-900 p-4"
    >
      <fieldset disabled={busy} className="space-y-5">
        <div>
          <p id={ids.mode} className="mb-2 font-medium">
            Staging mode
          </p>
          <RadioGroup
            value={value.stagingMode}
            onChange={(v) => set('stagingMode', v)}
            disabled={busy}
            aria-labelledby={ids.mode}
            className="grid grid-cols-1 gap-2 sm:grid-cols-3"
          >
            {STAGING_MODES.map((m) => (
              <Radio key={m} value={m} aria-label={STAGING_MODE_LABELS[m]} className={choice}>
                <span className="block font-medium">{STAGING_MODE_LABELS[m]}</span>
                <span className="block text-xs text-slate-400">{STAGING_MODE_DESCRIPTIONS[m]}</span>
              </Radio>
            ))}
          </RadioGroup>
        </div>

        <div>
          <label htmlFor={ids.room} className="mb-2 block font-medium">
            Room type
          </label>
          <select
            id={ids.room}
            value={value.roomType}
            disabled={busy}
            onChange={(e) => set('roomType', e.target.value as RoomType)}
            className="block min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 disabled:opacity-50"
          >
            {ROOM_TYPES.map((r) => (
              <option key={r} value={r}>
                {ROOM_TYPE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>

        {!unstage && (
          <div>
            <p id={ids.style} className="mb-2 font-medium">
              Style preset
            </p>
            <RadioGroup
              value={value.stylePreset}
              onChange={(v) => set('stylePreset', v)}
              disabled={busy}
              aria-labelledby={ids.style}
              className="grid grid-cols-2 gap-2"
            >
              {STYLE_PRESETS.map((s) => (
                <Radio key={s} value={s} aria-label={STYLE_PRESET_LABELS[s]} className={choice}>
                  <span className="block font-medium">{STYLE_PRESET_LABELS[s]}</span>
                  <span className="block text-xs text-slate-400">{STYLE_PRESET_DESCRIPTIONS[s]}</span>
                </Radio>
              ))}
            </RadioGroup>
          </div>
        )}

        {!unstage && (
          <div>
            <p id={ids.palette} className="mb-2 font-medium">
              Colour palette
            </p>
            <RadioGroup
              value={value.colorPalette}
              onChange={(v) => set('colorPalette', v)}
              disabled={busy}
              aria-labelledby={ids.palette}
              className="grid grid-cols-2 gap-2"
            >
              {COLOR_PALETTES.map((p) => (
                <Radio key={p} value={p} aria-label={COLOR_PALETTE_LABELS[p]} className={choice}>
                  <span className="flex gap-1" aria-hidden="true">
                    {COLOR_PALETTE_SWATCHES[p].map((c) => (
                      <span
                        key={c}
                        className="h-5 w-5 rounded-full border border-white/20"
                        style={{ backgroundColor: c }}
                      />
                    ))}
                  </span>
                  <span className="mt-1 block text-sm">{COLOR_PALETTE_LABELS[p]}</span>
                </Radio>
              ))}
            </RadioGroup>
          </div>
        )}

        <div>
          <label htmlFor={ids.prompt} className="mb-2 block font-medium">
            Custom prompt <span className="font-normal text-slate-400">(optional)</span>
          </label>
          <textarea
            id={ids.prompt}
            rows={3}
            maxLength={CUSTOM_PROMPT_MAX}
            value={value.customPrompt}
            disabled={busy}
            onChange={(e) => set('customPrompt', e.target.value)}
            placeholder="e.g. add a reading nook by the window"
            className="block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 placeholder:text-slate-500 disabled:opacity-50"
          />
        </div>
      </fieldset>

      <button
        type="button"
        onClick={onGenerate}
        disabled={busy}
        className="min-h-12 w-full rounded-xl bg-indigo-500 px-4 text-lg font-semibold text-white hover:bg-indigo-400 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? 'Processing...' : generateLabel}
      </button>
    </section>
  );
}
