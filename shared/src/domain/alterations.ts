import type { StagingMode } from './staging';

/**
 * What an edit did to the photo, as disclosure rules tell it apart. One table: a new class (a design
 * concept, say) is one more row here and every caption, label and remarks sentence follows.
 */
export const ALTERATION_CLASSES = {
  staged: { label: 'Virtually staged', what: 'furniture and decor added' },
  'furniture-removed': { label: 'Digitally altered: furniture removed', what: 'furniture removed' },
  paint: { label: 'Digitally altered: wall colour changed', what: 'wall colour changed' },
  floor: { label: 'Digitally altered: flooring changed', what: 'flooring changed' },
  sky: { label: 'Sky replaced', what: 'sky replaced' },
  lawn: { label: 'Digitally altered: lawn enhanced', what: 'lawn enhanced' },
  dusk: { label: 'Digitally altered: day to dusk', what: 'daylight turned to dusk' },
  'object-removed': { label: 'Digitally altered: object removed', what: 'an object removed' },
  // A result whose room changed and that its agent kept anyway: it shows a design, not the property.
  concept: {
    label: 'Design concept, not the property as it is',
    what: 'a design concept, not the property as it is',
  },
  // Exposure or white balance only: not a digitally altered image under Cal. Bus. & Prof. Code 10140.8(b).
  tonal: { label: null, what: null },
} as const satisfies Record<string, { label: string | null; what: string | null }>;
export type AlterationClass = keyof typeof ALTERATION_CLASSES;

/** Every kind of edit the product makes or will make, and the class it discloses as. */
export const EDIT_KIND_CLASSES = {
  stage: 'staged',
  'multi-view': 'staged',
  unstage: 'furniture-removed',
  paint: 'paint',
  floor: 'floor',
  sky: 'sky',
  lawn: 'lawn',
  dusk: 'dusk',
  'object-removed': 'object-removed',
  exposure: 'tonal',
  'white-balance': 'tonal',
} as const satisfies Record<StagingMode, AlterationClass> & Record<string, AlterationClass>;
export type EditKind = keyof typeof EDIT_KIND_CLASSES;

export const alterationOf = (kind: EditKind): AlterationClass => EDIT_KIND_CLASSES[kind];

/** A result's disclosure classes: those its edits recorded, else its staging's own. */
export const resultAlterations = (result: {
  stagingMode: StagingMode;
  alterations?: AlterationClass[] | undefined;
}): AlterationClass[] => result.alterations ?? [alterationOf(result.stagingMode)];

/** True when the photo must be disclosed as altered (anything beyond exposure and white balance). */
export const isDisclosedAlteration = (cls: AlterationClass): boolean =>
  ALTERATION_CLASSES[cls].label !== null;
