import { ALTERATION_CLASSES, type AlterationClass } from './alterations';
import type { MlsProfile, PhotoOrder } from './mls-profiles';

/** The words on the labelled photo, or null when this photo carries none (nothing to disclose). */
export function plateText(profile: MlsProfile, cls: AlterationClass): string | null {
  if (cls === 'staged') return profile.plate.staged;
  return ALTERATION_CLASSES[cls].label;
}

/** The caption of an altered photo in the profile's words (with its original's address where asked). */
export function photoCaption(profile: MlsProfile, cls: AlterationClass, originalLink: string): string {
  const label = cls === 'staged' ? profile.caption.staged : ALTERATION_CLASSES[cls].label;
  if (!label) return '';
  return profile.caption.withLink ? `${label}. Unaltered original: ${originalLink}` : label;
}

/** The caption of an original placed beside its altered photo. */
export const originalCaption = (order: PhotoOrder): string =>
  order === 'original-then-altered'
    ? 'Unaltered original of the next photo'
    : 'Unaltered original of the previous photo';

/** The public-remarks sentence for a set of altered photos, or null when none needs disclosing. */
export function remarksSentence(profile: MlsProfile, classes: AlterationClass[], url: string): string | null {
  const what = [...new Set(classes.map((c) => ALTERATION_CLASSES[c].what).filter((w) => w !== null))];
  if (what.length === 0) return null;
  return profile.remarks.sentence.replace('{what}', what.join('; ')).replace('{url}', url);
}

/** The common EU marking of an AI-modified image: the letters, and the word beneath them. */
export const AI_ICON_TEXT = { mark: 'AI', modified: 'MODIFIED' } as const;
