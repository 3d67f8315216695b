import { ALTERATION_CLASSES, type AlterationClass } from './alterations';
import { forbiddenClasses } from './mls-edit-rules';
import { plateText } from './mls-profile-texts';
import type { MlsProfile } from './mls-profiles';
import type { DownloadFormat } from './sharing';
import { ROOM_TYPE_LABELS, type RoomType } from './staging';

export type HandoverVariant = 'clean' | 'labelled';

/** What one download for an MLS is: a file in one variant, or refused because the MLS bans an edit. */
export type DownloadDecision =
  | { kind: 'file'; variant: HandoverVariant }
  | { kind: 'refused'; forbidden: AlterationClass[]; message: string };

/** The buyer page's label of a version an MLS keeps out: it shows a design, not the property. */
export const RENOVATION_CONCEPT_LABEL = 'Renovation concept';

/**
 * Why a listing download of a renovation concept is refused, naming the rule, and what to take instead:
 * `before` is the latest version the MLS accepts (the staging before the edit), null when there is none.
 */
export function renovationConceptMessage(
  profile: MlsProfile,
  forbidden: readonly AlterationClass[],
  before: number | null,
): string {
  const first = forbidden[0] ?? 'concept';
  const { rule, url } = profile.edits[first];
  const what = forbidden.map((c) => ALTERATION_CLASSES[c].what ?? c).join(' and ');
  const offer =
    before === null
      ? 'Restage the photo without this edit for the MLS'
      : `Download version ${before}, the staged photo before the edit, for the MLS`;
  return `This version is a renovation concept for ${profile.name}: ${what} is not allowed in MLS photos (${rule}${url ? `, ${url}` : ''}). ${offer}; this one can still go on the buyer page, labelled as a concept.`;
}

/**
 * The one decision of what a download for `profile` is, wherever it is asked for (a single download, the
 * property ZIP, the API): a plain download is the clean photo; a listing one is refused when the profile
 * keeps one of its classes out of the MLS, clean where words on photos are forbidden or nothing needs a
 * label, labelled otherwise.
 */
export function downloadVariant(
  profile: MlsProfile,
  classes: readonly AlterationClass[],
  format: DownloadFormat | undefined,
  before: number | null = null,
): DownloadDecision {
  if (format !== 'listing') return { kind: 'file', variant: 'clean' };
  const forbidden = forbiddenClasses(profile.edits, classes);
  if (forbidden.length > 0)
    return { kind: 'refused', forbidden, message: renovationConceptMessage(profile, forbidden, before) };
  if (profile.overlay === 'forbidden') return { kind: 'file', variant: 'clean' };
  const labelled = classes.some((c) => plateText(profile, c) !== null);
  return { kind: 'file', variant: labelled ? 'labelled' : 'clean' };
}

/** The latest version (by number, below `current`) whose classes `profile` accepts; null when none. */
export function versionBefore(
  profile: MlsProfile,
  versions: readonly { number: number; alterations: readonly AlterationClass[] }[],
  current: number,
): number | null {
  const fit = versions.filter(
    (v) => v.number < current && forbiddenClasses(profile.edits, v.alterations).length === 0,
  );
  return fit.length > 0 ? Math.max(...fit.map((v) => v.number)) : null;
}

/** The ZIP's refusal: which room (as its file is named) holds the renovation concept, then why. */
export const roomConceptMessage = (position: number, roomType: RoomType, message: string): string =>
  `${ROOM_TYPE_LABELS[roomType]} (room ${position}): ${message}`;

/** Said in the edit panel before an edit is sent (and its credit spent) when the agent's MLS bans it. */
export function editModeNotice(profile: MlsProfile, cls: AlterationClass | null): string | null {
  if (!cls || profile.edits[cls].permission !== 'not-for-mls') return null;
  const what = ALTERATION_CLASSES[cls].what ?? cls;
  return `${profile.name} does not allow ${what} in MLS photos (${profile.edits[cls].rule}). The result will be a renovation concept: it can go on the buyer page, not in the MLS listing. The edit still uses a credit.`;
}
