// The share page's disclosure, apart from sharing.ts so it loads with that page, not with the landing.
import { ALTERATION_CLASSES } from './alterations';
import { VIRTUALLY_STAGED_LABEL } from './sharing';
import type { EngineKind, StagingMode } from './staging';

const EDITS = {
  stage: 'the furniture and decor were added digitally',
  'multi-view': 'the furniture and decor were added digitally',
  unstage: 'the furniture and clutter were removed digitally',
} as const satisfies Record<StagingMode, string>;

/** The share page's badge: a preview was not staged, so it must not be called so. */
export const PREVIEW_SHARE_LABEL = 'Preview, not staged';

/** A kept design concept's label, wherever it is published. */
export const CONCEPT_LABEL = ALTERATION_CLASSES.concept.label;

/** The badge of a published result: a preview, a design concept, or a virtually staged photo. */
export function shareLabel(engine: EngineKind, concept = false): string {
  if (engine === 'preview') return PREVIEW_SHARE_LABEL;
  return concept ? CONCEPT_LABEL : VIRTUALLY_STAGED_LABEL;
}

/**
 * The disclosure on the share page: the staged view, or the original-photo view the QR code opens. A
 * preview-engine result had nothing added or removed, and says so; a design concept says the room itself
 * was changed.
 */
export function shareNotice(
  mode: StagingMode,
  view: 'staged' | 'original',
  engine: EngineKind,
  concept = false,
): string {
  if (concept && engine !== 'preview') {
    return view === 'original'
      ? `You are looking at the unedited original photo. The After side is a design concept, not the property as it is: ${EDITS[mode]} and the room itself was changed.`
      : `${CONCEPT_LABEL}: ${EDITS[mode]} and the room itself was changed. Drag the slider to the Before side to see the unedited original photo.`;
  }
  if (engine === 'preview') {
    return view === 'original'
      ? 'You are looking at the unedited original photo. The After side is only a colour-tinted preview: nothing was added or removed.'
      : 'This is a preview, not a staged photo: no furniture or decor was added or removed, only the colours were tinted. Drag the slider to the Before side to see the original photo.';
  }
  return view === 'original'
    ? `You are looking at the unedited original photo. Drag the slider to the After side to see the virtually staged version, where ${EDITS[mode]}.`
    : `This photo has been virtually staged: ${EDITS[mode]}. Drag the slider to the Before side to see the unedited original photo.`;
}
