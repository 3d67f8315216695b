import {
  PRO_STYLE_PRESETS,
  STYLE_PRESETS,
  STYLE_PRESET_LABELS,
  isProStyle,
  lapsedStyleNote,
  styleAllowed,
  type StylePreset,
} from '@shared/domain';
import { Select } from '../select';
import { useIsPro } from '../../lib/limits';

export const MORE_STYLES_WITH_PRO = `${PRO_STYLE_PRESETS.length} more styles come with Pro.`;
const PRO_LABELS = Object.fromEntries(
  STYLE_PRESETS.map((s) => [s, isProStyle(s) ? `${STYLE_PRESET_LABELS[s]} (Pro)` : STYLE_PRESET_LABELS[s]]),
) as Record<StylePreset, string>;

/**
 * The default style: every style for Pro; for a free account the four everyone has. A Pro style saved
 * before the plan ended stays listed (and saved) with a note: stagings start in the default style meanwhile.
 */
export function DefaultStyleField({
  value,
  saved,
  onChange,
}: {
  value: StylePreset;
  saved: StylePreset;
  onChange: (style: StylePreset) => void;
}) {
  const pro = useIsPro();
  const free = pro === false;
  const options = free ? STYLE_PRESETS.filter((s) => styleAllowed(s, false) || s === saved) : STYLE_PRESETS;
  const note = free && isProStyle(value) ? lapsedStyleNote(value) : free ? MORE_STYLES_WITH_PRO : null;
  return (
    <div>
      <Select label="Default style" value={value} options={options} labels={PRO_LABELS} onChange={onChange} />
      {note && <p className="mt-1 text-sm text-slate-400">{note}</p>}
    </div>
  );
}
