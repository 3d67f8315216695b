import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  toFile,
} from 'openai';
import sharp from 'sharp';
import { MULTI_VIEW_VARIANTS } from '@shared/domain';
import {
  analysisFromJson,
  EngineError,
  type RoomAnalysis,
  type StageRequest,
  type StagingEngine,
} from './engine';
import { styleReferenceFor } from './style-reference';
import {
  bestQuality,
  imageModelProfile,
  outputSizeFor,
  sizeParam,
  type ImageModelProfile,
} from './openai-models';
import { ANALYSIS_INSTRUCTIONS, ANALYSIS_SCHEMA, buildStagingPrompt } from './prompts';
import { failureForStatus, providerFailure, SAFETY_WORDS, unexpectedFailure } from './provider-failures';

export interface OpenAiEngineOptions {
  apiKey: string;
  baseURL?: string | undefined;
  visionModel: string;
  imageModel: string;
  /** A known model that `imageModel` behaves like, for models newer than the table. */
  imageModelLike?: string | undefined;
  /** At most this many output pixels (an operator's budget); the model's own limit otherwise. */
  maxOutputPixels?: number | undefined;
  timeoutMs: number;
}

/** SDK errors as sentences for the user; only temporary conditions are marked worth a retry. */
export function toEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  if (err instanceof APIUserAbortError) return providerFailure('interrupted', err);
  if (err instanceof APIConnectionTimeoutError) return providerFailure('timeout', err);
  if (err instanceof APIConnectionError) return providerFailure('unreachable', err);
  if (err instanceof APIError) {
    const status = typeof err.status === 'number' ? err.status : 0;
    const text = `${err.code ?? ''} ${err.message}`.toLowerCase();
    if (status === 429 && text.includes('insufficient_quota')) return providerFailure('quota', err);
    const byStatus = failureForStatus(status);
    if (byStatus) return providerFailure(byStatus, err);
    if (SAFETY_WORDS.test(text)) return providerFailure('safety', err);
    return providerFailure('unprocessable', err);
  }
  return unexpectedFailure(err);
}

/** Analysis with a vision model answering a JSON schema; staging with image edits (see openai-models). */
export class OpenAiEngine implements StagingEngine {
  readonly kind = 'openai' as const;
  readonly model: string;
  readonly takesReferenceImage: boolean;
  private readonly client: OpenAI;
  private readonly profile: ImageModelProfile;

  constructor(private readonly options: OpenAiEngineOptions) {
    // Retries are the worker's job (with backoff and a lease), so the SDK makes exactly one attempt.
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
    const profile = imageModelProfile(options.imageModel, options.imageModelLike);
    if (!profile) throw new Error(`Unknown OpenAI image model: ${options.imageModel}`);
    this.profile = profile;
    this.model = options.imageModel;
    this.takesReferenceImage = profile.maxInputImages > 1;
  }

  async analyze(image: Buffer, signal?: AbortSignal): Promise<RoomAnalysis> {
    const small = await sharp(image)
      .resize(768, 768, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    let content: string | null | undefined;
    try {
      const res = await this.client.chat.completions.create(
        {
          model: this.options.visionModel,
          messages: [
            { role: 'system', content: ANALYSIS_INSTRUCTIONS },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Which room type and interior style is this?' },
                {
                  type: 'image_url',
                  image_url: { url: `data:image/jpeg;base64,${small.toString('base64')}`, detail: 'low' },
                },
              ],
            },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'room_analysis', strict: true, schema: ANALYSIS_SCHEMA },
          },
        },
        { signal },
      );
      content = res.choices[0]?.message.content;
    } catch (err) {
      throw toEngineError(err);
    }
    return analysisFromJson(content);
  }

  async stage(image: Buffer, request: StageRequest, signal?: AbortSignal): Promise<Buffer[]> {
    const meta = await sharp(image).metadata();
    const photo = { width: meta.width ?? 1, height: meta.height ?? 1 };
    const size = outputSizeFor(this.profile, photo, this.options.maxOutputPixels);
    const input = await sharp(image)
      .resize(size.width, size.height, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer();
    const n = request.mode === 'multi-view' ? MULTI_VIEW_VARIANTS : 1;
    const file = await toFile(input, 'room.jpg', { type: 'image/jpeg' });
    // The photo to edit comes first; the reference, when there is one, second (the prompt says so).
    const reference = await styleReferenceFor(request, this.takesReferenceImage);
    const quality = bestQuality(this.profile);
    try {
      const res = await this.client.images.edit(
        {
          model: this.model,
          image: reference
            ? [file, await toFile(reference, 'style-reference.jpg', { type: 'image/jpeg' })]
            : file,
          prompt: buildStagingPrompt(request, { withReference: reference !== null }),
          n,
          size: sizeParam(size),
          // Each model gets only what it takes: the real API answers 400 to anything else.
          ...(quality ? { quality: quality as 'high' } : {}),
          ...(this.profile.inputFidelity ? { input_fidelity: 'high' as const } : {}),
        },
        { signal },
      );
      const images = (res.data ?? [])
        .map((d) => d.b64_json)
        .filter((b): b is string => typeof b === 'string' && b.length > 0)
        .map((b) => Buffer.from(b, 'base64'));
      if (images.length === 0) throw providerFailure('noImage');
      return images.slice(0, n);
    } catch (err) {
      throw toEngineError(err);
    }
  }
}
