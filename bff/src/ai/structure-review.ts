import sharp from 'sharp';
import { z } from 'zod';

/** What a vision model compares between the photo and a result: what listing rules say must stay as it is. */
export const PERMANENT_ELEMENTS = [
  'windows',
  'doors',
  'walls and their colour',
  'ceiling and its fixtures',
  'fireplace',
  'built-ins',
  'radiators and heaters',
  'floor',
  'view',
] as const;
export type PermanentElement = (typeof PERMANENT_ELEMENTS)[number];

/** A vision model's verdict on one result: did a permanent element change, and its words for the agent. */
export interface StructureOpinion {
  changed: boolean;
  /** One or two sentences for the agent, naming what changed and where (or that the room is kept). */
  note: string;
  /** The elements it found changed, each with what happened to it. */
  elements: { element: PermanentElement; what: string }[];
}

export const STRUCTURE_REVIEW_INSTRUCTIONS = `You check virtually staged real-estate photos for honesty. The first image is the original photo of a room, the second an AI-staged version of it. Listing rules allow adding or removing furniture, rugs, art, curtains, lamps and plants, relighting and sharpening, a slight zoom or crop. They forbid changing the room itself. Compare only these permanent elements: ${PERMANENT_ELEMENTS.join(', ')}. Furniture standing in front of an element is not a change of it. Answer "changed": true only when one of them was added, removed, moved, covered over or restyled. In "note", tell the estate agent in one or two plain sentences what changed and where in the picture (left, middle, right), or that the room is kept. List each changed element in "elements" (empty when none).`;

export const STRUCTURE_REVIEW_QUESTION = 'Is the room itself the same in both images?';

/** Our JSON schema for the answer (OpenAI structured outputs, strict; Gemini responseJsonSchema). */
export const STRUCTURE_REVIEW_SCHEMA = {
  type: 'object',
  properties: {
    changed: { type: 'boolean' },
    note: { type: 'string' },
    elements: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          element: { type: 'string', enum: [...PERMANENT_ELEMENTS] },
          what: { type: 'string' },
        },
        required: ['element', 'what'],
        additionalProperties: false,
      },
    },
  },
  required: ['changed', 'note', 'elements'],
  additionalProperties: false,
} as const;
export const STRUCTURE_REVIEW_NAME = 'structure_review';

const opinionSchema = z.object({
  changed: z.boolean(),
  note: z.string().trim().min(1).max(600),
  elements: z
    .array(z.object({ element: z.enum(PERMANENT_ELEMENTS), what: z.string().trim().max(300) }))
    .max(PERMANENT_ELEMENTS.length),
});

/** The model's JSON answer as an opinion, or null when it is not one (the local verdict then stands). */
export function opinionFromJson(text: string | null | undefined): StructureOpinion | null {
  try {
    const parsed = opinionSchema.safeParse(text ? JSON.parse(text) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A picture as sent to the model: 1024 px at most, so one call costs the same whatever the photo. */
const reviewImage = (image: Buffer) =>
  sharp(image)
    .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82 })
    .toBuffer();

/** The photo's picture, made once for all the results of one staging (the same photo buffer). */
const photoImages = new WeakMap<Buffer, Promise<Buffer>>();

/** Both pictures as sent to the model, the photo's made once per staging: a result's call goes out sooner. */
export const reviewImages = (original: Buffer, result: Buffer): Promise<[Buffer, Buffer]> => {
  let photo = photoImages.get(original);
  if (!photo) {
    photo = reviewImage(original);
    photoImages.set(original, photo);
    // A photo that cannot be read is tried afresh by the next call, not remembered as failed.
    photo.catch(() => photoImages.delete(original));
  }
  return Promise.all([photo, reviewImage(result)]);
};
