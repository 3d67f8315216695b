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
  report,
  type CallMeter,
  type EditOutput,
  type EditRequest,
  type ImageChoice,
  type ModelAvailability,
  type PlanTier,
  type RoomAnalysis,
  type StageRequest,
  type StagingEngine,
} from './engine';
import { estimateUsd } from './prices';
import { styleReferenceFor } from './style-reference';
import {
  imageModelProfile,
  OPENAI_DRAFT_MODEL,
  outputSizeFor,
  qualityFor,
  reasoningParams,
  sizeParam,
  type ImageModelProfile,
  type OutputSize,
} from '../ai-models';
import { ANALYSIS_INSTRUCTIONS, ANALYSIS_SCHEMA, buildEditPrompt, buildStagingPrompt } from './prompts';
import { openAiMaskPng } from '../images';
import { openAiStructureReview } from './openai-structure-review';
import type { StructureOpinion } from './structure-review';
import {
  failureForStatus,
  keepWhatCameBack,
  meteredAnalysis,
  noRetryAfterTimeout,
  PROVIDER_FAILURES,
  providerFailure,
  SAFETY_WORDS,
  unexpectedFailure,
} from './provider-failures';

export interface OpenAiEngineOptions {
  apiKey: string;
  baseURL?: string | undefined;
  visionModel: string;
  imageModel: string;
  /** A known model that `imageModel` behaves like, for models newer than the table. */
  imageModelLike?: string | undefined;
  /** At most this many output pixels (an operator's budget); the model's own limit otherwise. */
  maxOutputPixels?: number | undefined;
  /** Per request, and one request makes one image. */
  timeoutMs: number;
  /** The operator's image model and quality per plan; a plan not named gets `imageModel` at its best. */
  tiers?: Partial<Record<PlanTier, ImageChoice>>;
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
  readonly draftPass: string | null;
  private readonly client: OpenAI;
  private readonly profile: ImageModelProfile;
  private readonly draftProfile: ImageModelProfile;

  constructor(private readonly options: OpenAiEngineOptions) {
    // Retries are the worker's job (with backoff and a lease), so the SDK makes exactly one attempt.
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
    this.profile = this.profileOf(options.imageModel);
    this.model = options.imageModel;
    for (const choice of Object.values(options.tiers ?? {})) this.profileOf(choice.model);
    this.takesReferenceImage = this.profile.maxInputImages > 1;
    // The fast model at its lowest quality and smallest size, beside whichever model makes the final.
    this.draftProfile = this.profileOf(OPENAI_DRAFT_MODEL);
    this.draftPass = `${OPENAI_DRAFT_MODEL} at quality '${this.draftProfile.qualities[0] ?? 'auto'}', smallest size`;
  }

  private profileOf(model: string): ImageModelProfile {
    const profile = imageModelProfile(model, this.options.imageModelLike);
    if (!profile) throw new Error(`Unknown OpenAI image model: ${model}`);
    return profile;
  }

  async analyze(image: Buffer, signal?: AbortSignal, meter?: CallMeter): Promise<RoomAnalysis> {
    const small = await sharp(image)
      .resize(768, 768, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    const model = this.options.visionModel;
    const content = await meteredAnalysis(
      meter,
      { provider: 'openai', model, images: 1 },
      async () => {
        const res = await this.client.chat.completions.create(
          {
            model,
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
            ...reasoningParams(model),
          },
          { signal },
        );
        return res.choices[0]?.message.content;
      },
      toEngineError,
    );
    return analysisFromJson(content);
  }

  reviewStructure(
    original: Buffer,
    result: Buffer,
    signal?: AbortSignal,
    meter?: CallMeter,
  ): Promise<StructureOpinion | null> {
    const ask = { client: this.client, model: this.options.visionModel, toEngineError };
    return openAiStructureReview(ask, original, result, signal, meter);
  }

  /**
   * The model, its profile, the output size and the photo resized to it, for one plan's request; a draft
   * asks the fast model for its lowest quality at its smallest size (the fewest output tokens).
   */
  private async prepare(image: Buffer, tier: PlanTier | undefined, draft = false) {
    const choice = tier ? this.options.tiers?.[tier] : undefined;
    const model = draft ? OPENAI_DRAFT_MODEL : (choice?.model ?? this.model);
    const profile = draft ? this.draftProfile : choice ? this.profileOf(model) : this.profile;
    const meta = await sharp(image).metadata();
    const photo = { width: meta.width ?? 1, height: meta.height ?? 1 };
    const size = outputSizeFor(profile, photo, draft ? 0 : this.options.maxOutputPixels);
    const resized = await sharp(image)
      .resize(size.width, size.height, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    const inputSize = { width: resized.info.width, height: resized.info.height };
    return {
      model,
      profile,
      size,
      inputSize,
      quality: draft ? (profile.qualities[0] ?? null) : qualityFor(profile, choice?.quality),
      input: resized.data,
    };
  }

  async stage(image: Buffer, request: StageRequest, signal?: AbortSignal): Promise<Buffer[]> {
    const prepared = await this.prepare(image, request.tier, request.draft);
    const { model, profile, size, inputSize, quality, input } = prepared;
    // The structure lock is OpenAI's mask: transparent where the staging may go, at the input's size.
    const mask =
      request.lock && profile.mask
        ? await openAiMaskPng(request.lock, inputSize.width, inputSize.height)
        : null;
    // The photo to edit comes first; the reference, when there is one, second (the prompt says so).
    const reference = await styleReferenceFor(request, profile.maxInputImages > 1);
    const prompt = buildStagingPrompt(request, { withReference: reference !== null });
    const edit: Edit = { model, profile, size, quality, input, reference, prompt, mask };
    // One image per request: each option of a multi-view has the whole timeout to itself, and an option
    // that times out is not asked again (it may be billed); the options that came back are kept.
    const n = request.mode === 'multi-view' ? MULTI_VIEW_VARIANTS : 1;
    return keepWhatCameBack(Array.from({ length: n }, () => this.editOnce(edit, request.meter, signal)));
  }

  /**
   * A follow-up edit of a result. A removal sends the painted area as OpenAI's mask (a PNG of the input's
   * size, transparent where it may edit) when the model takes one; otherwise the prompt names the region.
   */
  async edit(image: Buffer, request: EditRequest, signal?: AbortSignal): Promise<EditOutput> {
    const { model, profile, size, inputSize, quality, input } = await this.prepare(image, request.tier);
    const withMask = Boolean(request.mask && profile.mask);
    const mask =
      withMask && request.mask ? await openAiMaskPng(request.mask, inputSize.width, inputSize.height) : null;
    const prompt = buildEditPrompt(request, withMask);
    const edit: Edit = { model, profile, size, quality, input, reference: null, prompt, mask };
    return { image: await this.editOnce(edit, request.meter, signal), note: null };
  }

  private async editOnce(edit: Edit, meter: CallMeter | undefined, signal?: AbortSignal): Promise<Buffer> {
    const { model, profile, size, quality } = edit;
    const call = {
      provider: 'openai',
      model,
      kind: 'image',
      images: 1,
      size: sizeParam(size),
      quality,
    } as const;
    const usd = estimateUsd(call);
    try {
      const file = await toFile(edit.input, 'room.jpg', { type: 'image/jpeg' });
      const res = await this.client.images.edit(
        {
          model,
          image: edit.reference
            ? [file, await toFile(edit.reference, 'style-reference.jpg', { type: 'image/jpeg' })]
            : file,
          prompt: edit.prompt,
          ...(edit.mask ? { mask: await toFile(edit.mask, 'mask.png', { type: 'image/png' }) } : {}),
          n: 1,
          size: sizeParam(size),
          // Each model gets only what it takes: the real API answers 400 to anything else.
          ...(quality ? { quality: quality as 'high' } : {}),
          ...(profile.inputFidelity ? { input_fidelity: 'high' as const } : {}),
        },
        { signal },
      );
      const [first] = (res.data ?? [])
        .map((d) => d.b64_json)
        .filter((b): b is string => typeof b === 'string' && b.length > 0)
        .map((b) => Buffer.from(b, 'base64'));
      report(meter, { ...call, ok: Boolean(first), usd });
      if (!first) throw providerFailure('noImage');
      return first;
    } catch (err) {
      const failure = toEngineError(err);
      if (failure.message === PROVIDER_FAILURES.timeout) report(meter, { ...call, ok: false, usd });
      throw noRetryAfterTimeout(failure);
    }
  }

  /**
   * Which of our models OpenAI's model list (GET /v1/models) still has; when the list cannot be read, every
   * model is still named (served null), so its shutdown date is still told.
   */
  async checkModels(signal?: AbortSignal): Promise<ModelAvailability[]> {
    let served: Map<string, string | null> | null = new Map<string, string | null>();
    try {
      for await (const m of this.client.models.list({ signal })) served.set(m.id, listedShutdownOf(m));
    } catch {
      served = null;
    }
    const images = new Set([this.model, ...Object.values(this.options.tiers ?? {}).map((c) => c.model)]);
    const availability = (role: ModelAvailability['role'], model: string): ModelAvailability => ({
      provider: 'openai',
      role,
      model,
      served: served ? served.has(model) : null,
      listedShutdown: served?.get(model) ?? null,
    });
    return [
      ...[...images].map((model) => availability('image', model)),
      availability('draft', OPENAI_DRAFT_MODEL),
      availability('analysis', this.options.visionModel),
    ];
  }
}

/** A model object's optional `shutdown_date` (YYYY-MM-DD), which the SDK's type does not name yet. */
function listedShutdownOf(model: object): string | null {
  const day = (model as { shutdown_date?: unknown }).shutdown_date;
  return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

interface Edit {
  model: string;
  profile: ImageModelProfile;
  size: OutputSize;
  quality: string | null;
  input: Buffer;
  reference: Buffer | null;
  prompt: string;
  /** OpenAI's mask PNG (the input's size, transparent where it may edit); null: the whole image. */
  mask: Buffer | null;
}
