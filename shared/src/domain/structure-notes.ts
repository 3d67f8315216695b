/** What a flagged result says wherever it is shown. */
export const STRUCTURE_WARNING = 'Check the room: its structure may have changed';

/** What a repaired result says it put back: 'Restored: the window on the left'. */
export const STRUCTURE_RESTORED_PREFIX = 'Restored: ';
export const structureRestoredNote = (names: readonly string[]): string =>
  `${STRUCTURE_RESTORED_PREFIX}${names.join(', ')}`;
/** The heading of the named changes shown beside 'Show changes'. */
export const STRUCTURE_CHANGES_HEADING = 'What our check found';
/** How the vision model's note is introduced there, when it was asked. */
export const STRUCTURE_OPINION_PREFIX = 'Second opinion: ';
/** Shown there when the check found a change and put it back. */
export const STRUCTURE_RESTORED_EXPLAINED = 'Put back from your photo, as it is.';
