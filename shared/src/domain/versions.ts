import type { AlterationClass } from './alterations';

/** The edits a result takes after its staging: a follow-up instruction, or painting out what should go. */
export const EDIT_KINDS = ['refine', 'remove'] as const;
export type EditKindName = (typeof EDIT_KINDS)[number];

/** The longest follow-up instruction ('make the sofa grey'). */
export const EDIT_INSTRUCTION_MAX = 300;
/** Brush strokes of one Remove: enough for a careful mask, small enough to send offline later. */
export const MASK_STROKES_MAX = 200;
export const MASK_POINTS_MAX = 4000;
/** Outside the painted area plus this margin (a share of the long edge), an edit keeps every pixel. */
export const EDIT_FEATHER_SHARE = 0.01;

/** What a removal discloses; a refine keeps the class of what it refines (a staged room stays staged). */
export const REMOVE_ALTERATION: AlterationClass = 'object-removed';

/** The original photo is version 0; the staging's result is version 1; every edit adds the next. */
export const ORIGINAL_VERSION = 0;
export const FIRST_RESULT_VERSION = 1;

export const VERSION_TEXTS = {
  original: 'Original photo',
  staging: 'Staged result',
  remove: 'Removed what was painted',
  refineEmpty: 'Please say what to change, for example: make the sofa grey.',
  maskEmpty: 'Paint over what should go first, then tap Remove.',
  notReady: 'This project has no result to edit yet. Please wait until staging completes.',
  busy: 'An edit of this project is still being made. Please wait for it to finish.',
  noEngine:
    'The configured AI provider cannot edit a result yet. Edits work with OpenAI or with the preview engine.',
  noVersion: 'This project has no such version.',
  deleteCurrent: 'This version is the current one. Set another version as current first, then delete it.',
  deleteOriginal: 'The original photo cannot be deleted here; delete the whole project instead.',
  editFailed: 'The edit could not be made.',
} as const;

/** The preview engine's honest words on an edit it cannot really make. */
export const PREVIEW_EDIT_NOTES = {
  refine: 'Preview: not AI, the instruction was not applied',
  remove: 'Preview: filled from the surroundings, not AI',
} as const;
