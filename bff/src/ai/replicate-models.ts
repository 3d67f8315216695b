import {
  COLOR_PALETTE_LABELS,
  ROOM_TYPE_LABELS,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_LABELS,
} from '@shared/domain';
import { modelName } from '../ai-models';
import type { StageRequest } from './engine';
import { buildStagingPrompt } from './prompts';

/** How one Replicate model wants its input, from our request and the uploaded photo's URL. */
export type ReplicateInput = (request: StageRequest, image: string, seed: number) => Record<string, unknown>;

const room = (request: StageRequest) =>
  request.roomType === 'other' ? 'room' : ROOM_TYPE_LABELS[request.roomType].toLowerCase();

/**
 * adirik/interior-design's own code appends 'with a queen size bed against the wall' to a prompt that says
 * 'bedroom' without 'bed ', and a twin bed to one that says "children room" or "children's room". An
 * emptied room must not say either: they become 'room'.
 */
export const withoutFurnitureTriggers = (prompt: string): string =>
  prompt.replace(/children'?s? room|bedroom/gi, 'room');

/** Stable Diffusion prompts read about 75 tokens: short phrases, the most important first. */
function shortPrompt(request: StageRequest): string {
  const custom = request.customPrompt?.trim();
  if (request.mode === 'unstage') {
    const phrases = [
      `an empty ${room(request)}`,
      'no furniture, bare floor, clean walls',
      custom,
      'real-estate photo',
    ];
    return withoutFurnitureTriggers(phrases.filter(Boolean).join(', '));
  }
  const style = request.stylePreset ?? 'modern';
  return [
    `a furnished ${STYLE_PRESET_LABELS[style].toLowerCase()} style ${room(request)}`,
    STYLE_PRESET_DESCRIPTIONS[style].toLowerCase(),
    request.colorPalette ? `${COLOR_PALETTE_LABELS[request.colorPalette].toLowerCase()} colour palette` : '',
    custom,
    'photorealistic real-estate photo, natural light',
  ]
    .filter(Boolean)
    .join(', ');
}

const NEGATIVE =
  'lowres, watermark, logo, text, deformed, blurry, out of focus, surreal, ugly, people, ' +
  'changed windows, moved walls, extra doors';

const INPUTS: Record<string, ReplicateInput> = {
  'adirik/interior-design': (request, image, seed) => ({
    image,
    prompt: shortPrompt(request),
    negative_prompt: NEGATIVE,
    // Below 1 the photo's own layout shows through more; the ControlNets hold walls and windows.
    prompt_strength: request.mode === 'unstage' ? 0.9 : 0.8,
    guidance_scale: 15,
    num_inference_steps: 50,
    seed,
  }),
  'black-forest-labs/flux-kontext-pro': (request, image, seed) => ({
    input_image: image,
    prompt: buildStagingPrompt(request),
    aspect_ratio: 'match_input_image',
    output_format: 'png',
    seed,
  }),
};

/** Other models get the common image-edit input names. */
const GENERIC: ReplicateInput = (request, image, seed) => ({
  image,
  prompt: buildStagingPrompt(request),
  seed,
});

/** How a model takes an edit: the photo and our edit prompt (no mask: the prompt names the region). */
export type ReplicateEditInput = (prompt: string, image: string, seed: number) => Record<string, unknown>;
/** null: the model restyles whole rooms from a short prompt and takes no follow-up edits. */
const EDIT_INPUTS: Record<string, ReplicateEditInput | null> = {
  'adirik/interior-design': null,
  'black-forest-labs/flux-kontext-pro': (prompt, image, seed) => ({
    input_image: image,
    prompt,
    aspect_ratio: 'match_input_image',
    output_format: 'png',
    seed,
  }),
};
const GENERIC_EDIT: ReplicateEditInput = (prompt, image, seed) => ({ image, prompt, seed });

export const replicateEditInputFor = (identifier: string): ReplicateEditInput | null => {
  const name = modelName(identifier);
  return name in EDIT_INPUTS ? (EDIT_INPUTS[name] ?? null) : GENERIC_EDIT;
};

export const replicateInputFor = (identifier: string): ReplicateInput =>
  INPUTS[modelName(identifier)] ?? GENERIC;
