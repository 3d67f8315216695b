import type { GenerateContentResponse, GoogleGenAI, Part } from '@google/genai';
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
import { GEMINI_DRAFT_MODEL, geminiImageModel, geminiOutputFor } from '../ai-models';
import { ANALYSIS_INSTRUCTIONS, ANALYSIS_SCHEMA, buildEditPrompt, buildStagingPrompt } from './prompts';
import {
  opinionFromJson,
  reviewImages,
  STRUCTURE_REVIEW_INSTRUCTIONS,
  STRUCTURE_REVIEW_QUESTION,
  STRUCTURE_REVIEW_SCHEMA,
  type StructureOpinion,
} from './structure-review';
import {
  abortFailure,
  failureForStatus,
  keepWhatCameBack,
  meteredAnalysis,
  noRetryAfterTimeout,
  PROVIDER_FAILURES,
  providerFailure,
  SAFETY_WORDS,
  unexpectedFailure,
} from './provider-failures';

export interface GeminiEngineOptions {
  apiKey: string;
  /** Another address for the Gemini API (a proxy, or a loopback server in tests). */
  baseUrl?: string | undefined;
  visionModel: string;
  imageModel: string;
  timeoutMs: number;
  /** The operator's image model and quality per plan; a plan not named gets `imageModel` at its best. */
  tiers?: Partial<Record<PlanTier, ImageChoice>>;
}

/** The photo sent for editing: large enough for the model's biggest output, small enough to upload fast. */
const INPUT_EDGE = 3072;
/** Finish reasons and block reasons that mean the provider refused on safety grounds. */
const REFUSALS = /SAFETY|PROHIBITED|BLOCKLIST|SPII/;

/** The SDK's ApiError, known by shape: the SDK is loaded only when Gemini is used. */
const isApiError = (err: unknown): err is Error & { status: number } =>
  err instanceof Error && err.name === 'ApiError' && typeof (err as { status?: unknown }).status === 'number';

/** SDK errors as our sentences: HTTP statuses first, then what the message says. */
export function toGeminiError(err: unknown, signal?: AbortSignal): EngineError {
  if (err instanceof EngineError) return err;
  const aborted = abortFailure(err, signal);
  if (aborted) return aborted;
  if (isApiError(err)) {
    const text = err.message.toLowerCase();
    if (/api.?key.*(invalid|not valid)|api_key_invalid/.test(text))
      return providerFailure('credentials', err);
    const byStatus = failureForStatus(err.status);
    if (byStatus) return providerFailure(byStatus, err);
    if (SAFETY_WORDS.test(text)) return providerFailure('safety', err);
    return providerFailure('unprocessable', err);
  }
  // fetch itself failed: no answer came (refused connection, DNS, reset).
  if (err instanceof TypeError) return providerFailure('unreachable', err);
  return unexpectedFailure(err);
}

/** The images of an answer; a refusal (blocked prompt, safety finish) as the safety sentence. */
function imagesOf(res: GenerateContentResponse): Buffer[] {
  if (res.promptFeedback?.blockReason) throw providerFailure('safety');
  const candidate = res.candidates?.[0];
  const images = (candidate?.content?.parts ?? [])
    .map((p) => p.inlineData)
    .filter((d) => d?.data && d.mimeType?.startsWith('image/'))
    .map((d) => Buffer.from(d?.data ?? '', 'base64'));
  if (images.length > 0) return images;
  if (REFUSALS.test(String(candidate?.finishReason ?? ''))) throw providerFailure('safety');
  throw providerFailure('noImage');
}

const inline = (data: Buffer): Part => ({
  inlineData: { mimeType: 'image/jpeg', data: data.toString('base64') },
});

/**
 * Google's Gemini image models: staging is an image edit by generateContent (the photo, then an optional
 * style reference, then the prompt), one result per call; analysis is a Gemini vision model answering our
 * JSON schema.
 */
export class GeminiEngine implements StagingEngine {
  readonly kind = 'gemini' as const;
  readonly model: string;
  readonly takesReferenceImage: boolean;
  readonly draftPass: string | null;
  private loaded: Promise<GoogleGenAI> | undefined;

  constructor(private readonly options: GeminiEngineOptions) {
    this.model = options.imageModel;
    this.takesReferenceImage = geminiImageModel(options.imageModel).maxInputImages > 1;
    // Flash-lite stages with the fast model already: nothing quicker to show first.
    this.draftPass =
      options.imageModel.replace(/-preview$/, '') === GEMINI_DRAFT_MODEL
        ? null
        : `${GEMINI_DRAFT_MODEL} at 1K (the fast, cheap model)`;
  }

  /** The SDK takes about 0.2 s to load: only a server that stages with Gemini pays for it, once. */
  private client(): Promise<GoogleGenAI> {
    const { apiKey, timeoutMs, baseUrl } = this.options;
    // No SDK retries (they are off unless retryOptions is set): the worker retries with backoff.
    this.loaded ??= import('@google/genai').then(
      ({ GoogleGenAI }) =>
        new GoogleGenAI({ apiKey, httpOptions: { timeout: timeoutMs, ...(baseUrl ? { baseUrl } : {}) } }),
    );
    return this.loaded;
  }

  async analyze(image: Buffer, signal?: AbortSignal, meter?: CallMeter): Promise<RoomAnalysis> {
    const small = await sharp(image)
      .resize(768, 768, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    const text = await this.askJson(
      { parts: [inline(small), { text: 'Which room type and interior style is this?' }], images: 1 },
      { instructions: ANALYSIS_INSTRUCTIONS, schema: ANALYSIS_SCHEMA },
      signal,
      meter,
    );
    return analysisFromJson(text);
  }

  async reviewStructure(
    original: Buffer,
    result: Buffer,
    signal?: AbortSignal,
    meter?: CallMeter,
  ): Promise<StructureOpinion | null> {
    const [before, after] = await reviewImages(original, result);
    const text = await this.askJson(
      { parts: [{ text: STRUCTURE_REVIEW_QUESTION }, inline(before), inline(after)], images: 2 },
      { instructions: STRUCTURE_REVIEW_INSTRUCTIONS, schema: STRUCTURE_REVIEW_SCHEMA },
      signal,
      meter,
    );
    return opinionFromJson(text);
  }

  /** One question to the vision model, answered as JSON following `schema`, metered as an analysis. */
  private async askJson(
    question: { parts: Part[]; images: number },
    answer: { instructions: string; schema: object },
    signal: AbortSignal | undefined,
    meter: CallMeter | undefined,
  ): Promise<string | undefined> {
    const model = this.options.visionModel;
    return meteredAnalysis(
      meter,
      { provider: 'gemini', model, images: question.images },
      async () => {
        const client = await this.client();
        const res = await client.models.generateContent({
          model,
          contents: [{ role: 'user', parts: question.parts }],
          config: {
            systemInstruction: answer.instructions,
            responseMimeType: 'application/json',
            responseJsonSchema: answer.schema,
            ...(signal ? { abortSignal: signal } : {}),
          },
        });
        return res.text;
      },
      (err) => toGeminiError(err, signal),
    );
  }

  async stage(image: Buffer, request: StageRequest, signal?: AbortSignal): Promise<Buffer[]> {
    const { model, output, quality, photo } = await this.prepare(image, request.tier, request.draft);
    const reference = await styleReferenceFor(request, geminiImageModel(model).maxInputImages > 1);
    const parts: Part[] = [
      inline(photo),
      ...(reference ? [inline(reference)] : []),
      { text: buildStagingPrompt(request, { withReference: reference !== null }) },
    ];
    // One image per answer: the options of a multi-view are separate calls, made together.
    const n = request.mode === 'multi-view' ? MULTI_VIEW_VARIANTS : 1;
    const once = () => this.imageOnce({ model, output, quality, parts }, request.meter, signal);
    return keepWhatCameBack(Array.from({ length: n }, once));
  }

  /**
   * A follow-up edit: Gemini takes the photo and a prompt but no mask, so the prompt names the painted
   * region in words; the worker lays the answer back through the mask, so nothing outside it changes.
   */
  async edit(image: Buffer, request: EditRequest, signal?: AbortSignal): Promise<EditOutput> {
    const { model, output, quality, photo } = await this.prepare(image, request.tier);
    const parts: Part[] = [inline(photo), { text: buildEditPrompt(request, false) }];
    return {
      image: await this.imageOnce({ model, output, quality, parts }, request.meter, signal),
      note: null,
    };
  }

  /** The plan's model (a draft's: the fast one), its output size for the photo, and the photo as sent. */
  private async prepare(image: Buffer, tier: PlanTier | undefined, draft = false) {
    const choice = tier ? this.options.tiers?.[tier] : undefined;
    const model = draft ? GEMINI_DRAFT_MODEL : (choice?.model ?? this.model);
    const meta = await sharp(image).metadata();
    const photoSize = { width: meta.width ?? 1, height: meta.height ?? 1 };
    const output = geminiOutputFor(model, photoSize, draft ? 'low' : choice?.quality);
    const photo = await sharp(image)
      .resize(INPUT_EDGE, INPUT_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer();
    return { model, output, quality: draft ? 'low' : (choice?.quality ?? null), photo };
  }

  /** One generateContent call answering with one image, metered. */
  private async imageOnce(
    ask: { model: string; output: ReturnType<typeof geminiOutputFor>; quality: string | null; parts: Part[] },
    meter: CallMeter | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Buffer> {
    const { model, output, quality, parts } = ask;
    const call = {
      provider: 'gemini',
      model,
      kind: 'image',
      images: 1,
      size: output.imageSize ?? '1K',
      quality,
    } as const;
    const usd = estimateUsd(call);
    try {
      const res = await (
        await this.client()
      ).models.generateContent({
        model,
        contents: [{ role: 'user', parts }],
        config: {
          responseModalities: ['IMAGE'],
          imageConfig: output,
          ...(signal ? { abortSignal: signal } : {}),
        },
      });
      // An answer, even one without an image, is billed.
      report(meter, { ...call, ok: true, usd });
      const [first] = imagesOf(res);
      if (!first) throw providerFailure('noImage');
      return first;
    } catch (err) {
      const failure = toGeminiError(err, signal);
      if (failure.message === PROVIDER_FAILURES.timeout) report(meter, { ...call, ok: false, usd });
      throw noRetryAfterTimeout(failure);
    }
  }

  /**
   * Which of our models Gemini's model list (models.list) still has; when the list cannot be read, every
   * model is still named (served null), so its shutdown date is still told.
   */
  async checkModels(signal?: AbortSignal): Promise<ModelAvailability[]> {
    let served: Set<string> | null = new Set<string>();
    try {
      const pager = await (
        await this.client()
      ).models.list({
        config: { pageSize: 1000, ...(signal ? { abortSignal: signal } : {}) },
      });
      for await (const m of pager) if (m.name) served.add(m.name.replace(/^models\//, ''));
    } catch {
      served = null;
    }
    const has = (model: string) => (served ? served.has(model) : null);
    const images = new Set([this.model, ...Object.values(this.options.tiers ?? {}).map((c) => c.model)]);
    const vision = this.options.visionModel;
    return [
      ...[...images].map((model) => ({
        provider: 'gemini' as const,
        role: 'image' as const,
        model,
        served: has(model),
      })),
      // The draft pass, where it is a model of its own.
      ...(this.draftPass && !images.has(GEMINI_DRAFT_MODEL)
        ? [
            {
              provider: 'gemini' as const,
              role: 'draft' as const,
              model: GEMINI_DRAFT_MODEL,
              served: has(GEMINI_DRAFT_MODEL),
            },
          ]
        : []),
      { provider: 'gemini', role: 'analysis', model: vision, served: has(vision) },
    ];
  }
}
