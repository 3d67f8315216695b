import type { EditRequest } from '@shared/api';
import {
  EDIT_KIND_TABLE,
  ENHANCEMENT_KINDS,
  PAINT_COLOURS,
  editModeNotice,
  editSuits,
  mlsProfile,
  type EnhancementKind,
  type MlsProfile,
  type RoomType,
} from '@shared/domain';
import { useState } from 'react';
import { EDIT_TEXTS } from './edit-texts';

const chip =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-medium disabled:opacity-50';
const chipOff = `${chip} border-slate-700 text-slate-100 hover:bg-slate-800`;
const chipOn = `${chip} border-indigo-400 bg-indigo-500/20 text-white`;
const primary =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-500 px-5 text-sm font-semibold text-white hover:bg-indigo-400 disabled:opacity-50';

/** Why the agent's MLS will not take what this edit makes, before it is sent; nothing when it will. */
export function MlsEditNotice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p
      role="note"
      className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-2 text-sm text-amber-100"
    >
      {text}
    </p>
  );
}

const presetsOf = (kind: EnhancementKind): string[] => Object.keys(EDIT_KIND_TABLE[kind].presets);

/** The request an enhancement sends: its preset, or (wall paint) its colour. */
export function enhancementRequest(kind: EnhancementKind, preset: string, colour: string): EditRequest {
  if (kind === 'paint') return { kind, colour };
  return { kind, preset };
}

/**
 * The enhancements that suit the photo (dusk, sky and lawn outside; paint and floor in rooms): a mode,
 * then one of its presets (wall paint: a named colour or any from the picker), then Apply.
 */
export function EnhancePanel({
  roomType,
  busy,
  onApply,
  mls = mlsProfile(null),
}: {
  roomType: RoomType;
  busy: boolean;
  onApply: (request: EditRequest) => void;
  /** The agent's MLS: a mode it bans is said before the edit is sent. */
  mls?: MlsProfile;
}) {
  const kinds = ENHANCEMENT_KINDS.filter((k) => editSuits(k, roomType));
  const [kind, setKind] = useState<EnhancementKind | null>(null);
  const [preset, setPreset] = useState('');
  const [colour, setColour] = useState<string>(PAINT_COLOURS['Agreeable grey']);
  if (kinds.length === 0) return null;
  const choose = (next: EnhancementKind) => {
    setKind(next);
    setPreset(presetsOf(next)[0] ?? '');
  };

  return (
    <div className="space-y-2">
      <div role="group" aria-label={EDIT_TEXTS.enhanceMode} className="flex flex-wrap gap-2">
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            className={k === kind ? chipOn : chipOff}
            aria-pressed={k === kind}
            disabled={busy}
            onClick={() => choose(k)}
          >
            {EDIT_KIND_TABLE[k].label}
          </button>
        ))}
      </div>
      {kind && (
        <div className="space-y-2">
          <div role="radiogroup" aria-label={EDIT_TEXTS.presets} className="flex flex-wrap gap-2">
            {kind === 'paint'
              ? Object.entries(PAINT_COLOURS).map(([name, hex]) => (
                  <button
                    key={name}
                    type="button"
                    role="radio"
                    aria-checked={colour.toLowerCase() === hex.toLowerCase()}
                    className={colour.toLowerCase() === hex.toLowerCase() ? chipOn : chipOff}
                    onClick={() => setColour(hex)}
                  >
                    <span
                      aria-hidden
                      className="h-4 w-4 rounded-full border border-slate-500"
                      style={{ background: hex }}
                    />
                    {name}
                  </button>
                ))
              : presetsOf(kind).map((name) => (
                  <button
                    key={name}
                    type="button"
                    role="radio"
                    aria-checked={preset === name}
                    className={preset === name ? chipOn : chipOff}
                    onClick={() => setPreset(name)}
                  >
                    {name}
                  </button>
                ))}
          </div>
          {kind === 'paint' && (
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-200">
              {EDIT_TEXTS.colourPicker}
              <input
                type="color"
                value={colour.toLowerCase()}
                onChange={(e) => setColour(e.target.value.toUpperCase())}
                className="h-11 w-14 rounded border border-slate-700 bg-slate-950"
              />
            </label>
          )}
          <MlsEditNotice text={editModeNotice(mls, EDIT_KIND_TABLE[kind].alteration)} />
          <button
            type="button"
            className={primary}
            disabled={busy}
            onClick={() => onApply(enhancementRequest(kind, preset, colour))}
          >
            {`${EDIT_TEXTS.apply}: ${EDIT_KIND_TABLE[kind].label}`}
          </button>
        </div>
      )}
    </div>
  );
}
