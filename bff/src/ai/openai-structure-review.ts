import type OpenAI from 'openai';
import { reasoningParams } from '../ai-models';
import type { CallMeter, EngineError } from './engine';
import { meteredAnalysis } from './provider-failures';
import {
  opinionFromJson,
  reviewImages,
  STRUCTURE_REVIEW_INSTRUCTIONS,
  STRUCTURE_REVIEW_NAME,
  STRUCTURE_REVIEW_QUESTION,
  STRUCTURE_REVIEW_SCHEMA,
  type StructureOpinion,
} from './structure-review';

/** The OpenAI client and vision model a second opinion is asked of, and how its failures read. */
export interface OpenAiReviewer {
  client: OpenAI;
  model: string;
  toEngineError: (err: unknown) => EngineError;
}

/** The vision model compares photo and result on the permanent elements, answering our strict JSON schema. */
export async function openAiStructureReview(
  { client, model, toEngineError }: OpenAiReviewer,
  original: Buffer,
  result: Buffer,
  signal?: AbortSignal,
  meter?: CallMeter,
): Promise<StructureOpinion | null> {
  const [before, after] = await reviewImages(original, result);
  const image = (data: Buffer) =>
    ({
      type: 'image_url',
      image_url: { url: `data:image/jpeg;base64,${data.toString('base64')}`, detail: 'high' },
    }) as const;
  return meteredAnalysis(
    meter,
    { provider: 'openai', model, images: 2 },
    async () => {
      const res = await client.chat.completions.create(
        {
          model,
          messages: [
            { role: 'system', content: STRUCTURE_REVIEW_INSTRUCTIONS },
            {
              role: 'user',
              content: [{ type: 'text', text: STRUCTURE_REVIEW_QUESTION }, image(before), image(after)],
            },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: STRUCTURE_REVIEW_NAME, strict: true, schema: STRUCTURE_REVIEW_SCHEMA },
          },
          ...reasoningParams(model),
        },
        { signal },
      );
      return opinionFromJson(res.choices[0]?.message.content);
    },
    toEngineError,
  );
}
