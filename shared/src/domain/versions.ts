import { stagingFailureSentence, type StagingFailure } from './messages';

export { EDIT_KINDS, type EditKindName } from './edit-kinds';

/** The longest follow-up instruction ('make the sofa grey'). */
export const EDIT_INSTRUCTION_MAX = 300;
/** Brush strokes of one Remove: enough for a careful mask, small enough to send offline later. */
export const MASK_STROKES_MAX = 200;
export const MASK_POINTS_MAX = 4000;
/** Outside the painted area plus this margin (a share of the long edge), an edit keeps every pixel. */
export const EDIT_FEATHER_SHARE = 0.01;

/** The original photo is version 0; the staging's result is version 1; every edit adds the next. */
export const ORIGINAL_VERSION = 0;
export const FIRST_RESULT_VERSION = 1;

export const VERSION_TEXTS = {
  original: 'Original photo',
  staging: 'Staged result',
  remove: 'Removed what was painted',
  fillPrefix: 'Added',
  refineEmpty: 'Please say what to change, for example: make the sofa grey.',
  maskEmpty: 'Paint over what should go first, then tap Remove.',
  fillMaskEmpty: 'Paint the area where it should go first.',
  fillEmpty: 'Please say what belongs in the painted area, for example: a reading chair.',
  presetUnknown: 'Please choose one of the presets offered.',
  colourInvalid: 'Please choose a colour, for example #D1CBC1.',
  notReady: 'This project has no result to edit yet. Please wait until staging completes.',
  busy: 'An edit of this project is still being made. Please wait for it to finish.',
  noEngine:
    'The configured AI model cannot edit a result: edits work with OpenAI, Gemini, the preview engine or a Replicate model that takes a prompt (not the interior-design model).',
  noVersion: 'This project has no such version.',
  deleteCurrent: 'This version is the current one. Set another version as current first, then delete it.',
  deleteOriginal: 'The original photo cannot be deleted here; delete the whole project instead.',
  editFailed: 'The edit could not be made.',
  keyReused:
    'This Idempotency-Key was already sent with a different edit. Send each new edit with a new key.',
} as const;

/** The sentence a failed edit shows: that it failed, why, and that its credit went back when one was charged. */
export const editFailureSentence = (failure: StagingFailure): string =>
  `${VERSION_TEXTS.editFailed} ${stagingFailureSentence(failure)}`;

/** The preview engine's honest words on an edit it cannot really make. */
export const PREVIEW_EDIT_NOTES = {
  refine: 'Preview: not AI, the instruction was not applied',
  remove: 'Preview: filled from the surroundings, not AI',
  fill: 'Preview: not AI, the painted area was only outlined, nothing was added',
  dusk: 'Preview: darkened, warmed and sky tinted, not AI',
  sky: 'Preview: the top sky-coloured area replaced by a gradient, not AI',
  lawn: 'Preview: grass-coloured pixels turned green, not AI',
  paint: 'Preview: the wall-coloured area recoloured, not AI',
  floor: 'Preview: the lower floor area recoloured, not AI',
} as const;
