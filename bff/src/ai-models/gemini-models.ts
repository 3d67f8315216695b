import type { ImageQuality } from './plan-tiers';

/** What one Gemini image model takes in `imageConfig`, and how many images one request may carry. */
export interface GeminiImageModel {
  aspectRatios: readonly string[];
  /** `imageSize` values, smallest first, with their long edge; empty when the model has one size. */
  imageSizes: readonly (readonly [string, number])[];
  maxInputImages: number;
}

const RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;
const SIZES = [
  ['1K', 1024],
  ['2K', 2048],
  ['4K', 4096],
] as const;

/**
 * The Gemini image models, best first, from their model pages (ai.google.dev/gemini-api/docs/models,
 * read 2026-11-27): nano-banana-2.1 refuses 512 px, flash-lite makes 1K only. The -preview names are
 * retired and gemini-3.1-flash-image is deprecated (model-lifecycle.ts).
 */
export const GEMINI_IMAGE_MODELS = {
  'gemini-3-pro-image': { aspectRatios: RATIOS, imageSizes: SIZES, maxInputImages: 14 },
  'gemini-nano-banana-2.1': { aspectRatios: RATIOS, imageSizes: SIZES, maxInputImages: 14 },
  'gemini-3.1-flash-lite-image': { aspectRatios: RATIOS, imageSizes: [['1K', 1024]], maxInputImages: 14 },
  'gemini-3.1-flash-image': { aspectRatios: RATIOS, imageSizes: SIZES, maxInputImages: 14 },
  'gemini-2.5-flash-image': { aspectRatios: RATIOS, imageSizes: [], maxInputImages: 3 },
} as const satisfies Record<string, GeminiImageModel>;

export const DEFAULT_GEMINI_IMAGE_MODEL = 'gemini-3-pro-image';
/** A staging's first look: the fast, cheap model at 1K (about $0.03; the others cost the same at 1K as at 2K). */
export const GEMINI_DRAFT_MODEL = 'gemini-3.1-flash-lite-image';
/** The analysis and second-opinion model: one with no shutdown announced (model-lifecycle.ts). */
export const DEFAULT_GEMINI_VISION_MODEL = 'gemini-3.5-flash-lite';

/** A model the table does not know gets what the SDK documents for every image model: ratios, one size. */
const UNKNOWN: GeminiImageModel = {
  aspectRatios: ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'],
  imageSizes: [],
  maxInputImages: 3,
};

export type GeminiImageModelName = keyof typeof GEMINI_IMAGE_MODELS;
export const KNOWN_GEMINI_IMAGE_MODELS = Object.keys(GEMINI_IMAGE_MODELS) as GeminiImageModelName[];

export function geminiImageModel(model: string): GeminiImageModel {
  const base = model.replace(/-preview$/, '');
  return Object.hasOwn(GEMINI_IMAGE_MODELS, base)
    ? GEMINI_IMAGE_MODELS[base as GeminiImageModelName]
    : UNKNOWN;
}

const ratioOf = (r: string) => {
  const [w = 1, h = 1] = r.split(':').map(Number);
  return w / h;
};

/** The largest long edge each quality asks a Gemini model for: a bigger image costs more. */
const QUALITY_EDGE: Record<ImageQuality, number> = { low: 1024, medium: 2048, high: Infinity };

/**
 * The aspect ratio closest to the photo's and the smallest size whose long edge covers the photo's (the
 * largest when none does): the most detail the photo can use, no more; a lower quality caps the size.
 */
export function geminiOutputFor(
  model: string,
  photo: { width: number; height: number },
  quality: ImageQuality = 'high',
): { aspectRatio: string; imageSize?: string } {
  const { aspectRatios, imageSizes } = geminiImageModel(model);
  const ratio = photo.width / photo.height;
  const distance = (r: string) => Math.abs(Math.log(ratioOf(r) / ratio));
  const aspectRatio = aspectRatios.reduce((best, r) => (distance(r) < distance(best) ? r : best), '1:1');
  const allowed = imageSizes.filter(([, edge], i) => i === 0 || edge <= QUALITY_EDGE[quality]);
  const longEdge = Math.max(photo.width, photo.height);
  const size = allowed.find(([, edge]) => edge >= longEdge) ?? allowed.at(-1);
  return size ? { aspectRatio, imageSize: size[0] } : { aspectRatio };
}
