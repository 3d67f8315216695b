import {
  PRO_STYLE_PRESETS,
  PRO_STYLE_TITLE,
  STYLE_PRESETS,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_LABELS,
  isProStyle,
  proStyleMessage,
  type StylePreset,
} from '@shared/domain';
import { useId } from 'react';
import { StrokeIcon } from '../stroke-icon';
import { StyleSwatch } from '../style-swatch';
import { useIsPro } from '../../lib/limits';
import { openPaywall } from '../paywall';
import { ChoiceGroup } from '../choice-group';

export const PRO_STYLES_HEADING = 'Pro styles';
/** Read out after a locked style's visible label and description (the name starts with what is seen). */
export const LOCKED_STYLE_NOTE = 'Pro style, locked';

function StyleCard({ style }: { style: StylePreset }) {
  return (
    <span className="flex items-center gap-3">
      <StyleSwatch style={style} className="h-8 w-12" />
      <span className="min-w-0">
        <span className="block font-medium">{STYLE_PRESET_LABELS[style]}</span>
        <span className="block text-xs text-slate-400">{STYLE_PRESET_DESCRIPTIONS[style]}</span>
      </span>
    </span>
  );
}

const LockIcon = () => (
  <StrokeIcon size={16} className="shrink-0 text-amber-300">
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </StrokeIcon>
);

/** Advanced presets for a free account: visible with a lock; choosing one opens the paywall instead. */
function LockedStyles({ disabled }: { disabled: boolean }) {
  const id = useId();
  return (
    <div>
      <p id={id} className="mb-2 flex items-center gap-2 font-medium">
        {PRO_STYLES_HEADING}
        <span className="rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-slate-900">
          Pro
        </span>
      </p>
      <div role="group" aria-labelledby={id} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {PRO_STYLE_PRESETS.map((s) => (
          <button
            key={s}
            type="button"
            disabled={disabled}
            onClick={() => openPaywall({ title: PRO_STYLE_TITLE, message: proStyleMessage(s) })}
            className="flex min-h-11 items-center justify-between gap-2 rounded-xl border border-dashed border-slate-700 p-3 text-left hover:border-amber-400/60 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <StyleCard style={s} />
            <span className="sr-only">, {LOCKED_STYLE_NOTE}</span>
            <LockIcon />
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The style presets, each with its swatch: all of them as choices for Pro; for a free account the four
 * everyone has, then the advanced ones locked.
 */
export function StylePicker({
  value,
  onChange,
  disabled,
}: {
  value: StylePreset;
  onChange: (style: StylePreset) => void;
  disabled: boolean;
}) {
  const locked = useIsPro() === false;
  const open = locked ? STYLE_PRESETS.filter((s) => !isProStyle(s)) : STYLE_PRESETS;
  return (
    <>
      <ChoiceGroup
        label="Style preset"
        value={value}
        options={open}
        labels={STYLE_PRESET_LABELS}
        onChange={onChange}
        disabled={disabled}
        className="grid grid-cols-1 gap-2 sm:grid-cols-2"
      >
        {(s) => <StyleCard style={s} />}
      </ChoiceGroup>
      {locked && <LockedStyles disabled={disabled} />}
    </>
  );
}
