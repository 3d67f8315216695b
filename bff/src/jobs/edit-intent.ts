import type { EditKindName, StructureElement } from '@shared/domain';
import type { MeantChanges, PaintMask } from '../images';

/**
 * What an edit kind is meant to change, so that the structure check run on its result (against the
 * version it was made from) counts only changes outside it. A new kind declares its own here: wall paint
 * `{ painted: false, elements: ['wall-colour'] }`; a sky, lawn or floor change, which the check never
 * counts, `{ painted: false, elements: [] }`.
 */
export interface EditIntent {
  /** It changes what the user painted (the mask, grown by a margin), and nothing outside it. */
  painted: boolean;
  /** Permanent elements it changes wherever they are. */
  elements: readonly StructureElement[];
}

export const EDIT_INTENTS: Record<EditKindName, EditIntent> = {
  // A follow-up instruction restyles furniture and decor (never counted as changes): the room stays.
  refine: { painted: false, elements: [] },
  remove: { painted: true, elements: [] },
};

/** What the check sets aside for an edit of `kind` made through `mask` (null: no mask painted). */
export function meantBy(kind: EditKindName, mask: PaintMask | null): MeantChanges {
  const intent = EDIT_INTENTS[kind];
  return { area: intent.painted ? mask : null, elements: intent.elements };
}
