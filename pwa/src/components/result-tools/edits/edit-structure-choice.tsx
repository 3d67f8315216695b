import type { ProjectVersion } from '@shared/api';
import { STRUCTURE_CREDIT_BACK, STRUCTURE_EDIT_CHOICE } from '@shared/domain';
import { KEEP_BUTTON, RESTAGE_BUTTON } from '../../../components/structure-choice';

export interface EditChoiceActions {
  retry: () => void;
  keep: () => void;
  remove: () => void;
  busy: 'retry' | 'keep' | 'remove' | null;
}

/**
 * Under an edit whose result changed the room: not listing-ready until its owner makes the edit again,
 * keeps it as a design concept, or deletes it and goes back to the version it was made from.
 */
export function EditStructureChoice({
  version,
  actions,
}: {
  version: ProjectVersion;
  actions: EditChoiceActions;
}) {
  const { busy } = actions;
  return (
    <section
      aria-label={STRUCTURE_EDIT_CHOICE.title}
      className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-3 text-sm text-amber-50"
    >
      <h3 className="font-semibold">{`${STRUCTURE_EDIT_CHOICE.title} (v${version.number})`}</h3>
      <p className="mt-1 text-amber-100/90">{STRUCTURE_EDIT_CHOICE.description}</p>
      {version.creditReturned && (
        <p role="status" className="mt-2 rounded-lg bg-emerald-500/15 px-2 py-1 text-emerald-100">
          <strong className="font-semibold">{STRUCTURE_CREDIT_BACK.title}.</strong>{' '}
          {version.freeRetry ? STRUCTURE_EDIT_CHOICE.creditBackRetryFree : STRUCTURE_EDIT_CHOICE.creditBack}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={RESTAGE_BUTTON} disabled={busy !== null} onClick={actions.retry}>
          {busy === 'retry'
            ? STRUCTURE_EDIT_CHOICE.retrying
            : version.freeRetry
              ? STRUCTURE_EDIT_CHOICE.retryFree
              : STRUCTURE_EDIT_CHOICE.retry}
        </button>
        <button type="button" className={KEEP_BUTTON} disabled={busy !== null} onClick={actions.keep}>
          {busy === 'keep' ? STRUCTURE_EDIT_CHOICE.keeping : STRUCTURE_EDIT_CHOICE.keep}
        </button>
        <button type="button" className={KEEP_BUTTON} disabled={busy !== null} onClick={actions.remove}>
          {busy === 'remove' ? STRUCTURE_EDIT_CHOICE.removing : STRUCTURE_EDIT_CHOICE.remove}
        </button>
      </div>
    </section>
  );
}

/** True when the current version is an edit whose check found the room changed and no choice was made. */
export const awaitsEditChoice = (v: ProjectVersion | undefined): v is ProjectVersion =>
  Boolean(
    v && v.kind !== 'staging' && v.kind !== 'original' && v.flagged && !v.concept && v.madeFrom !== null,
  );
