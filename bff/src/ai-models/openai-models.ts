/** Output sizes a model takes: a fixed list, or any WIDTHxHEIGHT within limits. */
export type SizeRule =
  | { kind: 'presets'; presets: readonly (readonly [number, number])[] }
  | {
      kind: 'free';
      /** Both edges a multiple of this. */
      multiple: number;
      maxEdge: number;
      minPixels: number;
      maxPixels: number;
      /** Long edge over short edge, at most. */
      maxAspect: number;
    };

/** What one OpenAI image model accepts in an image edit. */
export interface ImageModelProfile {
  sizes: SizeRule;
  /** Takes `input_fidelity` (keeps the input's details; models that always keep them reject it). */
  inputFidelity: boolean;
  /** Takes a `mask` PNG that limits where it edits. */
  mask: boolean;
  /** Input images one edit takes: 1, or the photo plus references. */
  maxInputImages: number;
  /** Its `quality` levels, best last; empty when it takes no `quality`. */
  qualities: readonly string[];
  /** Images one request may ask for (`n`). */
  maxImages: number;
}

const GPT_PRESETS = [
  [1024, 1024],
  [1536, 1024],
  [1024, 1536],
] as const;
const GPT_QUALITIES = ['low', 'medium', 'high'] as const;

const gptImage = (inputFidelity: boolean): ImageModelProfile => ({
  sizes: { kind: 'presets', presets: GPT_PRESETS },
  inputFidelity,
  mask: true,
  maxInputImages: 16,
  qualities: GPT_QUALITIES,
  maxImages: 10,
});

const GPT_IMAGE_2: ImageModelProfile = {
  sizes: {
    kind: 'free',
    multiple: 16,
    maxEdge: 3840,
    minPixels: 655_360,
    maxPixels: 8_294_400,
    maxAspect: 3,
  },
  inputFidelity: false,
  mask: true,
  maxInputImages: 16,
  qualities: GPT_QUALITIES,
  maxImages: 10,
};

/**
 * The image models the installed SDK documents, with what each takes. gpt-image-2 takes free sizes (edges
 * multiples of 16, long edge <= 3840, aspect <= 3:1, 655,360 to 8,294,400 pixels; above 2560x1440 is
 * experimental) and always keeps input detail, so it rejects `input_fidelity`. dall-e-2 (square PNGs only)
 * and dall-e-3 (no edits) cannot stage a photo and are left out.
 */
export const OPENAI_IMAGE_MODELS = {
  'gpt-image-2': GPT_IMAGE_2,
  // The 2.5 and 2.6 snapshots take gpt-image-2's parameters: 'flare' is faster, 'sunburst' edits better.
  'gpt-image-2.5-flare': GPT_IMAGE_2,
  'gpt-image-2.5-sunburst': GPT_IMAGE_2,
  'gpt-image-2.6-flare': GPT_IMAGE_2,
  'gpt-image-2.6-sunburst': GPT_IMAGE_2,
  // Retired or retiring (see model-lifecycle.ts): kept so start-up can name their replacement.
  'gpt-image-1.5': gptImage(true),
  'gpt-image-1': gptImage(true),
  'gpt-image-1-mini': gptImage(false),
  'chatgpt-image-latest': gptImage(false),
} as const satisfies Record<string, ImageModelProfile>;

export type KnownImageModel = keyof typeof OPENAI_IMAGE_MODELS;
export const KNOWN_IMAGE_MODELS = Object.keys(OPENAI_IMAGE_MODELS) as KnownImageModel[];
/** The best image model the installed SDK documents. */
export const DEFAULT_IMAGE_MODEL: KnownImageModel = 'gpt-image-2';
/**
 * A staging's first look, whatever the final's model: gpt-image-2.6's fast tier at quality 'low' (OpenAI:
 * drafts 'in as little as six seconds', against about 15 s for gpt-image-2 'low'), same parameters and prices.
 */
export const OPENAI_DRAFT_MODEL: KnownImageModel = 'gpt-image-2.6-flare';

/** The analysis and second-opinion model: one with no shutdown announced (model-lifecycle.ts). */
export const DEFAULT_OPENAI_VISION_MODEL = 'gpt-6-luna';

/**
 * The reasoning effort a vision call asks for: reasoning models (the o-series, gpt-5 and later) think at
 * 'medium' unless told, which a room type or a side-by-side look does not need; older models refuse the
 * parameter, so they are sent none.
 */
export function reasoningParams(model: string): { reasoning_effort?: 'low' } {
  return /^(o\d|gpt-[5-9])/.test(model) ? { reasoning_effort: 'low' } : {};
}

const isKnown = (model: string): model is KnownImageModel => Object.hasOwn(OPENAI_IMAGE_MODELS, model);

/**
 * What `model` takes: its own entry, the entry of its base name for a dated snapshot
 * (gpt-image-2-2026-04-21), else the entry of `like` (a newer model declared to behave like a known one).
 */
export function imageModelProfile(model: string, like?: string): ImageModelProfile | null {
  if (isKnown(model)) return OPENAI_IMAGE_MODELS[model];
  const base = model.replace(/-\d{4}-\d{2}-\d{2}$/, '');
  if (isKnown(base)) return OPENAI_IMAGE_MODELS[base];
  return like && isKnown(like) ? OPENAI_IMAGE_MODELS[like] : null;
}

export interface OutputSize {
  width: number;
  height: number;
}
export const sizeParam = (s: OutputSize): string => `${s.width}x${s.height}`;

/** How far an output's shape may be from the photo's (as a log ratio) before pixels give way to shape. */
const SHAPE_TOLERANCE = 0.0025;

/** The preset whose shape is closest to the photo's (compared as log ratios, so 2:1 and 1:2 weigh alike). */
function nearestPreset(presets: readonly (readonly [number, number])[], ratio: number): OutputSize {
  let best = presets[0] ?? [1024, 1024];
  for (const p of presets) {
    if (Math.abs(Math.log(p[0] / p[1] / ratio)) < Math.abs(Math.log(best[0] / best[1] / ratio))) best = p;
  }
  return { width: best[0], height: best[1] };
}

/**
 * The largest output a model allows at the photo's own aspect ratio, and no more pixels than the photo
 * has (a bigger answer costs more and adds no detail): free sizes are rounded to the model's multiple;
 * preset models get the preset closest in shape. `maxPixels` caps it further (an operator's budget).
 */
export function outputSizeFor(
  profile: ImageModelProfile,
  photo: OutputSize,
  maxPixels = Infinity,
): OutputSize {
  const ratio = photo.width / photo.height;
  const rule = profile.sizes;
  if (rule.kind === 'presets') return nearestPreset(rule.presets, ratio);
  const r = Math.min(rule.maxAspect, Math.max(1 / rule.maxAspect, ratio));
  const budget = Math.max(rule.minPixels, Math.min(rule.maxPixels, maxPixels, photo.width * photo.height));
  const m = rule.multiple;
  const fits = (w: number, h: number) =>
    w * h >= rule.minPixels &&
    w * h <= rule.maxPixels &&
    Math.max(w, h) <= rule.maxEdge &&
    Math.max(w / h, h / w) <= rule.maxAspect;
  // Every size the model takes near the photo's shape: each edge length with the other edge either side.
  const sizes: OutputSize[] = [];
  for (let edge = m; edge <= rule.maxEdge; edge += m) {
    for (const other of [Math.floor(edge / r / m) * m, Math.ceil(edge / r / m) * m]) {
      if (other > 0 && fits(edge, other)) sizes.push({ width: edge, height: other });
    }
    for (const other of [Math.floor((edge * r) / m) * m, Math.ceil((edge * r) / m) * m]) {
      if (other > 0 && fits(other, edge)) sizes.push({ width: other, height: edge });
    }
  }
  const pixels = (s: OutputSize) => s.width * s.height;
  const skew = (s: OutputSize) => Math.abs(Math.log(s.width / s.height / r));
  const within = sizes.filter((s) => pixels(s) <= budget);
  // Nothing within budget: it sat on the model's floor and rounding went under, so the least above it.
  if (within.length === 0)
    return sizes.reduce((a, b) => (pixels(b) < pixels(a) ? b : a), { width: 1024, height: 1024 });
  // The most pixels at the photo's shape give or take 0.25% (a result is stretched back to the photo's shape).
  const trueShape = within.filter((s) => skew(s) <= SHAPE_TOLERANCE);
  if (trueShape.length > 0) return trueShape.reduce((a, b) => (pixels(b) > pixels(a) ? b : a));
  return within.reduce((a, b) => (skew(b) < skew(a) ? b : a));
}

/** The model's best quality level, or null when it takes none. */
export const bestQuality = (profile: ImageModelProfile): string | null => profile.qualities.at(-1) ?? null;

/** `wanted` when the model takes it, else its best level (null when it takes no `quality`). */
export const qualityFor = (profile: ImageModelProfile, wanted: string | undefined): string | null =>
  wanted && profile.qualities.includes(wanted) ? wanted : bestQuality(profile);
