import {
  COLOR_PALETTES,
  COLOR_PALETTE_LABELS,
  COLOR_PALETTE_SWATCHES,
  CUSTOM_PROMPT_MAX,
  type ColorPalette,
  type StylePreset,
} from '@shared/domain';
import { useId } from 'react';
import { ChoiceGroup } from '../choice-group';
import { StylePicker } from './style-picker';

/** The look of a staging: what a single photo, a batch and a whole property share. */
export interface StyleChoice {
  stylePreset: StylePreset;
  colorPalette: ColorPalette;
  customPrompt: string;
}

/** Style preset, colour palette and the optional custom prompt. */
export function StyleFields<T extends StyleChoice>({
  value,
  onChange,
  disabled,
  showStyle = true,
}: {
  value: T;
  onChange: (next: T) => void;
  disabled: boolean;
  /** False when unstaging: only the prompt applies. */
  showStyle?: boolean;
}) {
  const promptId = useId();
  const set = <K extends keyof StyleChoice>(key: K, v: StyleChoice[K]) => onChange({ ...value, [key]: v });
  return (
    <>
      {showStyle && (
        <StylePicker value={value.stylePreset} onChange={(v) => set('stylePreset', v)} disabled={disabled} />
      )}

      {showStyle && (
        <ChoiceGroup
          label="Colour palette"
          value={value.colorPalette}
          options={COLOR_PALETTES}
          labels={COLOR_PALETTE_LABELS}
          onChange={(v) => set('colorPalette', v)}
          disabled={disabled}
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
          disabled={disabled}
          onChange={(e) => set('customPrompt', e.target.value)}
          placeholder="e.g. add a reading nook by the window"
          className="block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 placeholder:text-slate-500 disabled:opacity-50"
        />
      </div>
    </>
  );
}
