import {
  ROOM_TYPES,
  ROOM_TYPE_LABELS,
  STAGING_MODES,
  STAGING_MODE_DESCRIPTIONS,
  STAGING_MODE_LABELS,
} from '@shared/domain';
import { useId } from 'react';
import type { StagingOptions } from '../staging-options';
import { WORKSPACE_TEXTS } from '../workspace-messages';
import { Select } from '../../../components/select';
import { ChoiceGroup } from '../../../components/choice-group';
import { StyleFields } from '../../../components/style-fields';

export interface StagingOptionsPanelProps {
  value: StagingOptions;
  onChange: (next: StagingOptions) => void;
  onGenerate: () => void;
  busy: boolean;
  generateLabel: string;
  /** Said beside the room type (an unsure analysis kept it), instead of a toast that would cover it. */
  roomNote?: string | null;
}

/** Mode, room type, style, palette and prompt; style and palette are hidden when unstaging. */
export function StagingOptionsPanel({
  value,
  onChange,
  onGenerate,
  busy,
  generateLabel,
  roomNote = null,
}: StagingOptionsPanelProps) {
  const set = <K extends keyof StagingOptions>(key: K, v: StagingOptions[K]) =>
    onChange({ ...value, [key]: v });
  const unstage = value.stagingMode === 'unstage';
  const freeId = useId();

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

        <div>
          <Select
            label="Room type"
            value={value.roomType}
            options={ROOM_TYPES}
            labels={ROOM_TYPE_LABELS}
            onChange={(v) => set('roomType', v)}
            disabled={busy}
          />
          {roomNote && (
            <p role="status" className="mt-1 text-sm text-amber-200">
              {roomNote}
            </p>
          )}
        </div>

        <StyleFields value={value} onChange={onChange} disabled={busy} showStyle={!unstage} />

        {!unstage && (
          <div className="flex min-h-11 items-start gap-3 text-sm">
            <input
              id={freeId}
              type="checkbox"
              checked={value.freeRestyle}
              onChange={(e) => set('freeRestyle', e.target.checked)}
              aria-describedby={`${freeId}-hint`}
              className="mt-1 h-5 w-5 accent-indigo-500"
            />
            <div>
              <label htmlFor={freeId} className="block font-medium">
                {WORKSPACE_TEXTS.freeRestyle}
              </label>
              <p id={`${freeId}-hint`} className="text-xs text-slate-400">
                {WORKSPACE_TEXTS.freeRestyleHint}
              </p>
            </div>
          </div>
        )}
      </fieldset>

      {/* On a phone the action stays at the bottom of the screen while the options scroll past. */}
      <div className="sticky bottom-0 z-10 -mx-4 -mb-4 rounded-b-2xl border-t border-slate-800 bg-slate-900/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:static sm:m-0 sm:border-0 sm:bg-transparent sm:p-0">
        <button
          type="button"
          onClick={onGenerate}
          disabled={busy}
          className="min-h-12 w-full rounded-xl bg-indigo-500 px-4 text-lg font-semibold text-white hover:bg-indigo-400 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? 'Processing...' : generateLabel}
        </button>
      </div>
    </section>
  );
}
