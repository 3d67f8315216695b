import type { Property } from '@shared/api';
import { PRO_STYLE_TITLE, proStyleMessage, styleAllowed, type StylePreset } from '@shared/domain';
import { useIsPro } from '../../../lib/limits';
import { useOnline } from '../../../lib/use-online';
import { openPaywall } from '../../../components/paywall';
import { StyleFields } from '../../../components/style-fields';
import { useStageRun } from '../hooks/use-stage-run';
import { PROPERTY_TEXTS, stageLabel, styleSuggestion, applyStyleLabel } from '../property-texts';
import { propertyLook, stageSummary, suggestedStyle } from '../stage-summary';
import { StageProgress } from './stage-progress';
import { StageRoomRow } from './stage-room-row';
import { card, primaryButton } from './styles';

/**
 * Stage the property in one look: style, palette and prompt for every chosen room (each staged as its
 * own room type), per-room state with retry and restage, overall progress and counts.
 */
export function StagePanel({ property, uploading }: { property: Property; uploading: boolean }) {
  const online = useOnline();
  const run = useStageRun(property);
  const pro = useIsPro();
  // A suggested Pro style is a locked one for a free account: it opens the paywall like its card.
  const applySuggestion = (style: StylePreset) =>
    styleAllowed(style, pro !== false)
      ? run.setStyle({ ...run.style, stylePreset: style })
      : openPaywall({ title: PRO_STYLE_TITLE, message: proStyleMessage(style) });
  const summary = stageSummary(property.rooms);
  // Once rooms are staged, their look is the run's default: the analysis no longer suggests another.
  const suggestion = propertyLook(property.rooms) ? null : suggestedStyle(property.rooms);
  const busy = run.starting || !online;
  const count = run.chosen.length;
  if (property.rooms.length === 0) return null;

  return (
    <section aria-labelledby="stage-title" className={`${card} space-y-5`}>
      <div>
        <h2 id="stage-title" className="text-lg font-semibold">
          {PROPERTY_TEXTS.stageTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-300">{PROPERTY_TEXTS.stageHint}</p>
        {suggestion && suggestion.style !== run.style.stylePreset && (
          <p className="mt-2 flex flex-wrap items-center gap-x-3 text-sm text-slate-200">
            <span>{styleSuggestion(suggestion.style, suggestion.rooms, suggestion.of)}</span>
            <button
              type="button"
              disabled={run.starting}
              onClick={() => applySuggestion(suggestion.style)}
              className="min-h-11 font-medium text-indigo-300 underline-offset-2 hover:underline"
            >
              {applyStyleLabel(suggestion.style)}
            </button>
          </p>
        )}
      </div>
      <fieldset disabled={run.starting} className="space-y-5">
        <StyleFields value={run.style} onChange={run.setStyle} disabled={run.starting} />
      </fieldset>
      <div>
        <p id="rooms-to-stage" className="mb-2 font-medium">
          {PROPERTY_TEXTS.roomsToStage}
        </p>
        <ul aria-labelledby="rooms-to-stage" className="space-y-2">
          {property.rooms.map((room) => (
            <StageRoomRow
              key={room.id}
              room={room}
              chosen={run.isChosen(room)}
              disabled={busy}
              onChoose={(on) => run.choose(room.id, on)}
              onStageOne={() => run.stageOne(room.id)}
            />
          ))}
        </ul>
      </div>
      {summary.total > 0 && <StageProgress summary={summary} />}
      {(!online || uploading) && (
        <p role="status" className="text-sm text-amber-200">
          {online ? PROPERTY_TEXTS.waitForUploads : PROPERTY_TEXTS.needsConnection}
        </p>
      )}
      <button
        type="button"
        onClick={run.stageChosen}
        disabled={busy || count === 0}
        className={`${primaryButton} w-full text-lg`}
      >
        {run.starting ? PROPERTY_TEXTS.starting : stageLabel(count)}
      </button>
      {count === 0 && online && <p className="text-sm text-slate-400">{PROPERTY_TEXTS.chooseRooms}</p>}
    </section>
  );
}
