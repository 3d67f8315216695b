/** A structure check's score at or above this passes; below it the result is retried, then flagged. */
export const STRUCTURE_PASS_SCORE = 0.89;

/** The property ZIP asks first when any of its rooms' results is flagged, naming them. */
export const STRUCTURE_ZIP_CONFIRM = {
  title: 'Download flagged rooms for a listing?',
  description: (rooms: readonly string[]) =>
    `Our check found changes to the room's structure (walls, windows or doors) in ${rooms.join(', ')}. Listing rules allow virtual staging only when the room itself is unchanged. Turn on 'Show changes' on ${rooms.length === 1 ? 'that room' : 'those rooms'} to see where, and download only if every room is shown as it really is.`,
  confirm: 'Download anyway',
} as const;

/** A changed part of an image, relative to its size (0..1 from the top left). */
export interface StructureRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The permanent elements the check names: what listing rules say must stay as they are. */
export type StructureElement =
  | 'window'
  | 'door'
  | 'wall-colour'
  | 'surface'
  | 'ceiling'
  | 'ceiling-fixture'
  | 'fireplace'
  | 'radiator'
  | 'room';
/** Where in the picture, as the agent reads it. */
export type StructurePlace = 'left' | 'middle' | 'right';

/** 'the window on the left', 'the left wall's colour': what changed, in the words the agent reads. */
export function structureElementName(
  element: StructureElement,
  place: StructurePlace,
  added = false,
): string {
  const at = place === 'middle' ? 'in the middle' : `on the ${place}`;
  switch (element) {
    case 'window':
      return added ? `the window added ${at}` : `the window ${at}`;
    case 'door':
      return added ? `the doorway added ${at}` : `the door ${at}`;
    case 'wall-colour':
      return place === 'middle' ? "the back wall's colour" : `the ${place} wall's colour`;
    case 'surface':
      return `the walls and ceiling ${at}`;
    case 'ceiling':
      return `the ceiling ${at}`;
    case 'ceiling-fixture':
      return added ? `the ceiling light added ${at}` : `the ceiling light ${at}`;
    case 'fireplace':
      return 'the fireplace';
    case 'radiator':
      return added ? `the radiator added ${at}` : `the radiator ${at}`;
    case 'room':
      return 'the whole room';
  }
}

/** One sentence per change: 'The window on the left was filled in.' */
export function structureChangeSentence(
  element: StructureElement,
  place: StructurePlace,
  added = false,
): string {
  const name = structureElementName(element, place, added);
  const subject = name.charAt(0).toUpperCase() + name.slice(1);
  if (element === 'room') return 'It shows another room or another viewpoint.';
  if (added) return `${subject.replace(' added', '')} was added.`;
  if (element === 'wall-colour') return `${subject} changed.`;
  if (element === 'surface') return `${subject} changed: a finish, a built-in or an opening.`;
  if (element === 'window') return `${subject} was covered or filled in.`;
  if (element === 'door') return `${subject} was removed or replaced.`;
  if (element === 'fireplace') return `${subject} was covered or removed.`;
  if (element === 'ceiling-fixture' || element === 'radiator') return `${subject} was removed.`;
  return `${subject} changed.`;
}

/**
 * A result still flagged after repair and strict re-staging is not listing-ready until its agent chooses:
 * stage it again (one staging's credit, as any staging) or keep it as a design concept.
 */
export const STRUCTURE_CHOICE = {
  title: 'Not listing-ready: the room changed',
  description:
    "This result still changes the room's structure, so it cannot go on a listing as a photo of the property. Restage it (uses one credit, as any staging), or keep it as a design concept: it is then labelled 'Design concept, not the property as it is' wherever you publish it.",
  restage: 'Restage',
  restaging: 'Restaging...',
  keep: 'Keep as concept',
  keeping: 'Keeping...',
} as const;
/**
 * A staging whose every result our check flagged is on us: its credit comes back once and its one Restage is
 * free. Keeping it as a concept after all uses it, so keeping takes that credit again.
 */
export const STRUCTURE_CREDIT_BACK = {
  title: 'Your credit came back',
  description:
    'Our check flagged this room, so this staging is free and your credit is back. Restaging it is free too; keeping it as a concept uses the credit again.',
  restageFree: 'Restage (free)',
} as const;
/** A keep refused because the credit that came back is spent and none is left this month. */
export const KEEP_CONCEPT_NO_CREDIT_MESSAGE =
  'Keeping this result as a concept uses the credit that came back for it, and none is left this month. Restage it for free, or keep it once you have a credit again.';
/** The credits given back this month, where the plan's credits are shown. */
export const creditsReturnedLine = (n: number): string =>
  `${n} ${n === 1 ? 'credit' : 'credits'} returned this month (failed stagings and rooms our check flagged)`;
/** The free retries made this month, beside the credits returned. */
export const freeRetriesLine = (n: number): string =>
  `${n} free ${n === 1 ? 'retry' : 'retries'} this month (Restage or Try again of a room our check flagged: no credit used)`;

/** Said once a result (or an edit) is kept as a design concept. */
export const STRUCTURE_KEPT = {
  title: 'Kept as a design concept',
  description: 'It is labelled as one wherever you publish it.',
} as const;
/** What a kept concept says beside it once chosen. */
export const STRUCTURE_CONCEPT_NOTE = 'Kept as a design concept: labelled as one wherever you publish it.';
/** A listing-ready download (or a keep) asked of a result that needs no such choice, or still needs it. */
export const STRUCTURE_UNDECIDED_MESSAGE =
  "This result changes the room's structure: choose Restage or Keep as concept before a listing-ready download.";
export const STRUCTURE_NOT_FLAGGED_MESSAGE =
  'This result keeps the room as it is: there is nothing to keep as a concept.';

/**
 * An edit whose result changes the room (against the version it was made from) waits for its agent's
 * choice too: make the edit again, keep it as a design concept, or delete it and go back.
 */
export const STRUCTURE_EDIT_CHOICE = {
  title: 'Not listing-ready: this edit changed the room',
  description:
    "This edit changes the room's structure compared with the version it was made from, so it cannot go on a listing as a photo of the property. Try it again (uses one credit, as any edit), keep it as a design concept (labelled 'Design concept, not the property as it is' wherever you publish it), or delete it and go back to the version it was made from.",
  retry: 'Try again',
  /** The one Try again of a flagged edit whose credit came back (STRUCTURE_CREDIT_BACK.restageFree's twin). */
  retryFree: 'Try again (free)',
  retrying: 'Trying again...',
  keep: STRUCTURE_CHOICE.keep,
  keeping: STRUCTURE_CHOICE.keeping,
  remove: 'Delete this version',
  removing: 'Deleting...',
  /** Under a flagged edit whose credit came back (after STRUCTURE_CREDIT_BACK's title). */
  creditBack:
    'Our check flagged this edit, so it is free and your credit is back. Keeping it as a concept uses the credit again.',
  /** The same, while its one Try again is still free. */
  creditBackRetryFree:
    'Our check flagged this edit, so it is free and your credit is back. Trying it again is free too; keeping it as a concept uses the credit again.',
  /** Beside a version in the list whose check found the room changed (and that is not a kept concept). */
  flaggedTag: 'Room changed',
  conceptTag: 'Concept',
} as const;

// In a file of their own: the comparison panel (on the landing page too) shows them, without this file's texts.
export {
  STRUCTURE_CHANGES_HEADING,
  STRUCTURE_OPINION_PREFIX,
  STRUCTURE_RESTORED_EXPLAINED,
  STRUCTURE_RESTORED_PREFIX,
  STRUCTURE_WARNING,
  structureRestoredNote,
} from './structure-notes';
