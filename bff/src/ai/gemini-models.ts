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

/** The Gemini image models the installed SDK names, best first. */
export const GEMINI_IMAGE_MODELS = {
  'gemini-3-pro-image': { aspectRatios: RATIOS, imageSizes: SIZES, maxInputImages: 14 },
  'gemini-3.1-flash-image': { aspectRatios: RATIOS, imageSizes: SIZES, maxInputImages: 14 },
  'gemini-2.5-flash-image': { aspectRatios: RATIOS, imageSizes: [], maxInputImages: 3 },
} as const satisfies Record<string, GeminiImageModel>;

export const DEFAULT_GEMINI_IMAGE_MODEL = 'gemini-3-pro-image';
export const DEFAULT_GEMINI_VISION_MODEL = 'gemini-2.5-flash';

/** A model the table does not know gets what the SDK documents for every image model: ratios, one size. */
const UNKNOWN: GeminiImageModel = {
  aspectRatios: ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'],
  imageSizes: [],
  maxInputImages: 3,
};

export function geminiImageModel(model: string): GeminiImageModel {
  const base = model.replace(/-preview$/, '');
  return Object.hasOwn(GEMINI_IMAGE_MODELS, base)
    ? GEMINI_IMAGE_MODELS[base as keyof typeof GEMINI_IMAGE_MODELS]
    : UNKNOWN;
}

const ratioOf = (r: string) => {
  const [w = 1, h = 1] = r.split(':').map(Number);
  return w / h;
};

/**
 * The aspect ratio closest to the photo's and the smallest size whose long edge covers the photo's (the
 * largest when none does): the most detail the photo can use, no more.
 */
export function geminiOutputFor(
  model: string,
  photo: { width: number; height: number },
): { aspectRatio: string; imageSize?: string } {
  const { aspectRatios, imageSizes } = geminiImageModel(model);
  const ratio = photo.width / photo.height;
  const distance = (r: string) => Math.abs(Math.log(ratioOf(r) / ratio));
  const aspectRatio = aspectRatios.reduce((best, r) => (distance(r) < distance(best) ? r : best), '1:1');
  const longEdge = Math.max(photo.width, photo.height);
  const size = imageSizes.find(([, edge]) => edge >= longEdge) ?? imageSizes.at(-1);
  return size ? { aspectRatio, imageSize: size[0] } : { aspectRatio };
}
