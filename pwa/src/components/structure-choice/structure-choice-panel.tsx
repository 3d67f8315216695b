import {
  CONCEPT_LABEL,
  STRUCTURE_CHOICE,
  STRUCTURE_CONCEPT_NOTE,
  STRUCTURE_CREDIT_BACK,
} from '@shared/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { RESTAGE_CONFIRM } from './structure-choice-texts';
import type { StructureChoice } from './use-structure-choice';

const action =
  'min-h-11 rounded-lg border px-4 text-sm font-semibold disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-indigo-400';
export const RESTAGE_BUTTON = `${action} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500`;
export const KEEP_BUTTON = `${action} border-slate-600 text-slate-100 hover:bg-slate-800`;

/**
 * Under a result that still changes the room: it is not listing-ready until the owner restages it or keeps
 * it as a design concept; once kept, what it is labelled as. `changes` names what changed where no
 * 'Show changes' list stands beside it.
 */
export function StructureChoicePanel({
  choice,
  changes = [],
}: {
  choice: StructureChoice;
  changes?: readonly string[];
}) {
  const [asking, setAsking] = useState(false);
  if (choice.concept)
    return (
      <p
        role="note"
        aria-label={CONCEPT_LABEL}
        className="rounded-xl border border-sky-500/50 bg-sky-500/10 px-3 py-2 text-sm text-sky-100"
      >
        <strong className="font-semibold">{CONCEPT_LABEL}.</strong> {STRUCTURE_CONCEPT_NOTE}
      </p>
    );
  if (!choice.awaits) return null;
  return (
    <section
      aria-label={STRUCTURE_CHOICE.title}
      className="rounded-xl border border-amber-500/60 bg-amber-500/10 p-3 text-sm text-amber-50"
    >
      <h3 className="font-semibold">{STRUCTURE_CHOICE.title}</h3>
      {changes.length > 0 && (
        <ul className="mt-1 list-disc pl-5 font-medium">
          {changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-amber-100/90">{STRUCTURE_CHOICE.description}</p>
      {choice.creditBack && (
        <p role="status" className="mt-2 rounded-lg bg-emerald-500/15 px-2 py-1 text-emerald-100">
          <strong className="font-semibold">{STRUCTURE_CREDIT_BACK.title}.</strong>{' '}
          {STRUCTURE_CREDIT_BACK.description}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={RESTAGE_BUTTON}
          disabled={choice.restaging}
          onClick={() => setAsking(true)}
        >
          {choice.restaging
            ? STRUCTURE_CHOICE.restaging
            : choice.freeRestage
              ? STRUCTURE_CREDIT_BACK.restageFree
              : STRUCTURE_CHOICE.restage}
        </button>
        <button
          type="button"
          className={KEEP_BUTTON}
          disabled={choice.keeping}
          onClick={() => void choice.keep()}
        >
          {choice.keeping ? STRUCTURE_CHOICE.keeping : STRUCTURE_CHOICE.keep}
        </button>
      </div>
      {/* A restaging spends a credit: said, with the new project's name, before it does. */}
      <ConfirmDialog
        open={asking}
        busy={choice.restaging}
        tone="primary"
        title={RESTAGE_CONFIRM.title}
        description={RESTAGE_CONFIRM.description(choice.restagedName, choice.freeRestage)}
        confirmLabel={RESTAGE_CONFIRM.confirm}
        busyLabel={RESTAGE_CONFIRM.busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          choice.restage();
        }}
      />
    </section>
  );
}
