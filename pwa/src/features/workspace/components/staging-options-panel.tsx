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
} from '@shared/domain';
import { useId } from 'react';
import type { StagingOptions } from '../staging-options';
import { Select } from '../../../components/select';
import { ChoiceGroup } from './choice-group';

export interface StagingOptionsPanelProps {
  value: StagingOptions;
  onChange: (next: StagingOptions) => void;
  onGenerate: () => void;
  busy: boolean;
  generateLabel: string;
}

/** Mode, room type, style, palette and prompt; style and palette are hidden when unstaging. */
export function StagingOptionsPanel({
  value,
  onChange,
  onGenerate,
  busy,
  generateLabel,
}: StagingOptionsPanelProps) {
  const promptId = useId();
  const set = <K extends keyof StagingOptions>(key: K, v: StagingOptions[K]) =>
    onChange({ ...value, [key]: v });
  const unstage = value.stagingMode === 'unstage';

  return (
    <section
      aria-label="Staging options"
      className="space-y-5 rounded-2xl border border-slate-800 bg-slate-900 p-4"
    >
      <fieldset disabled={busy} className="space-y-5">
        <ChoiceGroup
          label="Staging mode"
          value={value.stagingMode}
          options={STAGING_MODES}
          labels={STAGING_MODE_LABELS}
          onChange={(v) => set('stagingMode', v)}
          disabled={busy}
          className="grid grid-cols-1 gap-2 sm:grid-cols-3"
        >
          {(m) => (
            <>
              <span className="block font-medium">{STAGING_MODE_LABELS[m]}</span>
              <span className="block text-xs text-slate-400">{STAGING_MODE_DESCRIPTIONS[m]}</span>
            </>
          )}
        </ChoiceGroup>

        <Select
          label="Room type"
          value={value.roomType}
          options={ROOM_TYPES}
          labels={ROOM_TYPE_LABELS}
          onChange={(v) => set('roomType', v)}
          disabled={busy}
        />

        {!unstage && (
          <ChoiceGroup
            label="Style preset"
            value={value.stylePreset}
            options={STYLE_PRESETS}
            labels={STYLE_PRESET_LABELS}
            onChange={(v) => set('stylePreset', v)}
            disabled={busy}
            className="grid grid-cols-2 gap-2"
          >
            {(s) => (
              <>
                <span className="block font-medium">{STYLE_PRESET_LABELS[s]}</span>
                <span className="block text-xs text-slate-400">{STYLE_PRESET_DESCRIPTIONS[s]}</span>
              </>
            )}
          </ChoiceGroup>
        )}

        {!unstage && (
          <ChoiceGroup
            label="Colour palette"
            value={value.colorPalette}
            options={COLOR_PALETTES}
            labels={COLOR_PALETTE_LABELS}
            onChange={(v) => set('colorPalette', v)}
            disabled={busy}
            className="grid grid-cols-2 gap-2"
          >
            {(p) => (
              <>
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
              </>
            )}
          </ChoiceGroup>
        )}

        <div>
          <label htmlFor={promptId} className="mb-2 block font-medium">
            Custom prompt <span className="font-normal text-slate-400">(optional)</span>
          </label>
          <textarea
            id={promptId}
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
