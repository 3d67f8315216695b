import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  toFile,
} from 'openai';
import sharp from 'sharp';
import { MULTI_VIEW_VARIANTS, STAGING_FAILURES } from '@shared/domain';
import {
  clampAnalysis,
  EngineError,
  type RoomAnalysis,
  type StageRequest,
  type StagingEngine,
} from './engine';
import { ANALYSIS_INSTRUCTIONS, ANALYSIS_SCHEMA, buildStagingPrompt } from './prompts';

export interface OpenAiEngineOptions {
  apiKey: string;
  baseURL?: string | undefined;
  visionModel: string;
  imageModel: string;
  timeoutMs: number;
}

export type ImageSize = '1536x1024' | '1024x1536' | '1024x1024';

/** The image model's output size closest to the photo's aspect ratio. */
export function sizeForAspect(width: number, height: number): ImageSize {
  const ratio = width / height;
  if (ratio >= 1.2) return '1536x1024';
  if (ratio <= 1 / 1.2) return '1024x1536';
  return '1024x1024';
}

/** High input fidelity keeps the room's own walls and windows; older and mini models do not take it. */
const supportsInputFidelity = (model: string) => /^gpt-image-/.test(model) && !model.includes('mini');
/** The GPT image models edit with several input images; dall-e-2 takes one. */
export const takesSeveralImages = (model: string) => /^(gpt-image-|chatgpt-image-)/.test(model);
/** A style reference only needs to show furniture and colours: smaller than the photo, fewer bytes sent. */
const REFERENCE_EDGE = 768;

/** SDK errors as sentences for the user; only temporary conditions are marked worth a retry. */
export function toEngineError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  if (err instanceof APIUserAbortError)
    return new EngineError('Staging was interrupted.', true, { cause: err });
  if (err instanceof APIConnectionTimeoutError)
    return new EngineError('The AI provider took too long to answer.', true, { cause: err });
  if (err instanceof APIConnectionError)
    return new EngineError('The AI provider could not be reached.', true, { cause: err });
  if (err instanceof APIError) {
    const status = typeof err.status === 'number' ? err.status : 0;
    const text = `${err.code ?? ''} ${err.message}`.toLowerCase();
    if (status === 429 && text.includes('insufficient_quota'))
      return new EngineError("The AI provider's usage quota is used up. Please contact support.", false, {
        cause: err,
      });
    if (status === 429) return new EngineError('The AI provider is busy right now.', true, { cause: err });
    if (status === 408 || status === 409 || status >= 500)
      return new EngineError('The AI provider had a temporary problem.', true, { cause: err });
    if (status === 401 || status === 403)
      return new EngineError('The AI provider refused our credentials. Please contact support.', false, {
        cause: err,
      });
    if (/moderation|safety|content.?policy/.test(text))
      return new EngineError(
        'The AI provider declined this photo under its safety rules. Please try a different photo.',
        false,
        { cause: err },
      );
    return new EngineError('The AI provider could not process this photo.', false, { cause: err });
  }
  return new EngineError(STAGING_FAILURES.unexpected, false, { cause: err });
}

/** Analysis with a vision model answering a JSON schema; staging with image edits (gpt-image-1). */
export class OpenAiEngine implements StagingEngine {
  readonly kind = 'openai' as const;
  readonly takesReferenceImage: boolean;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiEngineOptions) {
    // Retries are the worker's job (with backoff and a lease), so the SDK makes exactly one attempt.
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
    this.takesReferenceImage = takesSeveralImages(options.imageModel);
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
    try {
      return clampAnalysis(content ? JSON.parse(content) : null);
    } catch {
      return clampAnalysis(null);
    }
  }

  async stage(image: Buffer, request: StageRequest, signal?: AbortSignal): Promise<Buffer[]> {
    const meta = await sharp(image).metadata();
    const size = sizeForAspect(meta.width ?? 1, meta.height ?? 1);
    const [w = 1024, h = 1024] = size.split('x').map(Number);
    const input = await sharp(image)
      .resize(w, h, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer();
    const n = request.mode === 'multi-view' ? MULTI_VIEW_VARIANTS : 1;
    const model = this.options.imageModel;
    const photo = await toFile(input, 'room.jpg', { type: 'image/jpeg' });
    // The photo to edit comes first; the reference, when there is one, second (the prompt says so). An
    // emptied room has no style to match.
    const reference =
      request.referenceImage && this.takesReferenceImage && request.mode !== 'unstage'
        ? await sharp(request.referenceImage)
            .resize(REFERENCE_EDGE, REFERENCE_EDGE, { fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: 85 })
            .toBuffer()
        : null;
    try {
      const res = await this.client.images.edit(
        {
          model,
          image: reference
            ? [photo, await toFile(reference, 'style-reference.jpg', { type: 'image/jpeg' })]
            : photo,
          prompt: buildStagingPrompt(request, { withReference: reference !== null }),
          n,
          size,
          ...(supportsInputFidelity(model) ? { input_fidelity: 'high' as const } : {}),
        },
        { signal },
      );
      const images = (res.data ?? [])
        .map((d) => d.b64_json)
        .filter((b): b is string => typeof b === 'string' && b.length > 0)
        .map((b) => Buffer.from(b, 'base64'));
      if (images.length === 0) throw new EngineError('The AI provider returned no image.', true);
      return images.slice(0, n);
    } catch (err) {
      throw toEngineError(err);
    }
  }
}
