/**
 * What the real images/edits endpoint accepts per model, written from the API reference and its observed
 * 400 answers (independently of the product's own model table, so a wrong table is caught).
 */
interface FakeModel {
  inputFidelity: boolean;
  sizes: 'presets' | 'free';
  qualities: readonly string[];
  maxImages: number;
}

const GPT_QUALITIES = ['low', 'medium', 'high', 'auto'];
const gpt = (inputFidelity: boolean): FakeModel => ({
  inputFidelity,
  sizes: 'presets',
  qualities: GPT_QUALITIES,
  maxImages: 16,
});

const gpt2: FakeModel = { inputFidelity: false, sizes: 'free', qualities: GPT_QUALITIES, maxImages: 16 };

/** The image models the API serves (gpt-image-1 was shut down on 2026-10-23 and is gone from it). */
export const FAKE_IMAGE_MODELS: Record<string, FakeModel> = {
  'gpt-image-2': gpt2,
  'gpt-image-2-2026-04-21': gpt2,
  'gpt-image-2.5-flare': gpt2,
  'gpt-image-2.5-sunburst': gpt2,
  'gpt-image-2.6-flare': gpt2,
  'gpt-image-2.6-sunburst': gpt2,
  'gpt-image-1.5': gpt(true),
  'gpt-image-1-mini': gpt(false),
  'chatgpt-image-latest': gpt(false),
};

/**
 * Chat models the fake serves, from OpenAI's model pages: whether each reasons (and so takes
 * `reasoning_effort`; older models refuse it) and the shutdown day its deprecations page gives.
 */
export const FAKE_CHAT_MODELS: Record<string, { reasoning: boolean; shutdown: string | null }> = {
  'gpt-6-luna': { reasoning: true, shutdown: null },
  'gpt-6.1-sol': { reasoning: true, shutdown: null },
  'gpt-5-mini': { reasoning: true, shutdown: '2026-12-11' },
  'gpt-4.1-mini': { reasoning: false, shutdown: '2027-01-14' },
  'gpt-4.1': { reasoning: false, shutdown: '2027-01-14' },
  'gpt-4o-mini': { reasoning: false, shutdown: '2027-01-14' },
};

/** Image models OpenAI has dated for shutdown (the models list carries the day as `shutdown_date`). */
export const FAKE_IMAGE_SHUTDOWNS: Record<string, string> = {
  'gpt-image-1.5': '2026-12-01',
  'gpt-image-1-mini': '2026-12-01',
  'chatgpt-image-latest': '2026-12-01',
};

/** OpenAI's answer to a parameter a model does not take. */
export const unsupportedParameter = (param: string) => ({
  message: `Unsupported parameter: '${param}' is not supported with this model.`,
  type: 'invalid_request_error',
  param,
  code: 'unsupported_parameter',
});

/** OpenAI's answer to a model it does not serve: 404, code model_not_found. */
export const modelNotFound = (name: string) => ({
  message: `The model '${name}' does not exist or you do not have access to it.`,
  type: 'invalid_request_error',
  param: null,
  code: 'model_not_found',
});

/** Every field images/edits knows; any other is refused as unknown. */
const EDIT_FIELDS = new Set([
  'model',
  'prompt',
  'image',
  'image[]',
  'mask',
  'n',
  'size',
  'quality',
  'input_fidelity',
  'background',
  'output_format',
  'output_compression',
  'partial_images',
  'stream',
  'user',
]);

export interface EditRefusal {
  message: string;
  param: string;
  code: string;
}

const refuse = (param: string, code: string, message: string): EditRefusal => ({ param, code, message });

function sizeProblem(model: FakeModel, size: string): string | null {
  if (size === 'auto') return null;
  if (model.sizes === 'presets')
    return ['1024x1024', '1536x1024', '1024x1536'].includes(size) ? null : 'is not a supported size';
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match) return 'must be WIDTHxHEIGHT';
  const w = Number(match[1]);
  const h = Number(match[2]);
  if (w % 16 !== 0 || h % 16 !== 0) return 'width and height must be multiples of 16';
  if (Math.max(w, h) > 3840) return 'the longest edge must be at most 3840';
  if (Math.max(w / h, h / w) > 3) return 'the aspect ratio must be between 1:3 and 3:1';
  if (w * h < 655_360 || w * h > 8_294_400) return 'must have between 655360 and 8294400 pixels';
  return null;
}

/** Why the real API would answer this edit with a 400, or null when it would take it. */
export function editRefusal(
  fields: Record<string, string>,
  imageCount: number,
  /** Newer model names the fake should answer as a known one. */
  aliases: Record<string, string> = {},
): EditRefusal | null {
  for (const name of Object.keys(fields)) {
    if (!EDIT_FIELDS.has(name)) return refuse(name, 'unknown_parameter', `Unknown parameter: '${name}'.`);
  }
  const name = fields.model ?? 'gpt-image-1.5';
  const model = FAKE_IMAGE_MODELS[aliases[name] ?? name];
  if (!model) return refuse('model', 'invalid_value', `Invalid value: '${name}'. Unknown image model.`);
  if (fields.input_fidelity !== undefined && !model.inputFidelity)
    return refuse(
      'input_fidelity',
      'invalid_input_fidelity_model',
      `The model '${name}' does not support the 'input_fidelity' parameter.`,
    );
  if (fields.quality !== undefined && !model.qualities.includes(fields.quality))
    return refuse('quality', 'invalid_value', `Invalid value: '${fields.quality}'.`);
  const problem = fields.size === undefined ? null : sizeProblem(model, fields.size);
  if (problem) return refuse('size', 'invalid_value', `Invalid size '${fields.size}': ${problem}.`);
  if (imageCount > model.maxImages)
    return refuse('image', 'invalid_value', `At most ${model.maxImages} images for '${name}'.`);
  const n = Number(fields.n ?? '1');
  if (!Number.isInteger(n) || n < 1 || n > 10) return refuse('n', 'invalid_value', 'n must be 1 to 10.');
  return null;
}
