import type Replicate from 'replicate';
import sharp from 'sharp';
import { MULTI_VIEW_VARIANTS } from '@shared/domain';
import {
  EngineError,
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
import { replicateEditInputFor, replicateInputFor, type ReplicateEditInput } from './replicate-models';
import { buildEditPrompt } from './prompts';
import { meterPrediction, replicateClient, runPrediction, withUploadedJpeg } from './replicate-predictions';
import {
  abortFailure,
  failureForStatus,
  providerFailure,
  SAFETY_WORDS,
  unexpectedFailure,
} from './provider-failures';

export interface ReplicateEngineOptions {
  apiToken: string;
  /** Another address for the Replicate API (a loopback server in tests). */
  baseUrl?: string | undefined;
  /** `owner/name` (official models) or `owner/name:version`. */
  model: string;
  /** For the whole prediction: upload, queue, run and download. */
  timeoutMs: number;
  /** Replicate has no vision model of ours: analysis is delegated (OpenAI's vision, or the preview's). */
  analyzer: Pick<StagingEngine, 'analyze' | 'checkModels'>;
  /** How often a running prediction is asked about. */
  pollMs?: number;
  /** The operator's model per plan (Replicate's interior models take no quality setting). */
  tiers?: Partial<Record<PlanTier, ImageChoice>>;
  /** A fast model for the first look (REPLICATE_DRAFT_MODEL); absent: no draft, the interior models have no fast setting. */
  draftModel?: string | undefined;
}

/** Sent at most this large: the interior models work near 1024 px, and the result is enlarged to the photo. */
const INPUT_EDGE = 1536;
/** Replicate holds the create request open until the prediction ends, up to this many seconds. */
const HOLD_SECONDS = 60;

interface SdkApiError extends Error {
  response?: { status?: number };
}

/** SDK errors as our sentences. The SDK's ApiError class is not exported: it is known by its name. */
export function toReplicateError(err: unknown, signal?: AbortSignal): EngineError {
  if (err instanceof EngineError) return err;
  const aborted = abortFailure(err, signal);
  if (aborted) return aborted;
  if (err instanceof Error && err.name === 'ApiError') {
    const status = (err as SdkApiError).response?.status ?? 0;
    const text = err.message.toLowerCase();
    const byStatus = failureForStatus(status);
    if (byStatus) return providerFailure(byStatus, err);
    if (SAFETY_WORDS.test(text)) return providerFailure('safety', err);
    return providerFailure('unprocessable', err);
  }
  if (err instanceof TypeError) return providerFailure('unreachable', err);
  return unexpectedFailure(err);
}

/** The output URLs of a prediction: one string, or a list of them. */
const outputUrls = (output: unknown): string[] =>
  (Array.isArray(output) ? output : [output]).filter((u): u is string => typeof u === 'string');

/**
 * Replicate: staging runs a model made for interior restyling that keeps the room's structure (the model
 * id is configuration), one prediction per result, each with its own seed.
 */
export class ReplicateEngine implements StagingEngine {
  readonly kind = 'replicate' as const;
  readonly model: string;
  /** The interior models take one image. */
  readonly takesReferenceImage = false;
  readonly draftPass: string | null;
  private readonly client: Replicate;
  /** Present only when the configured model takes an edit prompt (see replicateEditInputFor). */
  readonly edit?: (image: Buffer, request: EditRequest, signal?: AbortSignal) => Promise<EditOutput>;

  constructor(private readonly options: ReplicateEngineOptions) {
    this.client = replicateClient(options.apiToken, options.baseUrl);
    this.model = options.model;
    this.draftPass = options.draftModel ? `${options.draftModel} (REPLICATE_DRAFT_MODEL)` : null;
    const editInput = replicateEditInputFor(options.model);
    if (editInput) this.edit = (image, request, signal) => this.editWith(editInput, image, request, signal);
  }

  /** An edit: the photo and the edit prompt; the worker lays a painted edit back through its mask. */
  private async editWith(
    editInput: ReplicateEditInput,
    image: Buffer,
    request: EditRequest,
    signal?: AbortSignal,
  ): Promise<EditOutput> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const both = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const photo = await sharp(image)
      .resize(INPUT_EDGE, INPUT_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer();
    const prompt = buildEditPrompt(request, false);
    const seed = Math.floor(Math.random() * 2 ** 31);
    try {
      const out = await withUploadedJpeg(this.client, photo, { purpose: 'staging' }, both, (url) =>
        this.run(this.model, editInput(prompt, url, seed), request.meter, both),
      );
      return { image: out, note: null };
    } catch (err) {
      throw toReplicateError(err, signal);
    }
  }

  analyze(image: Buffer, signal?: AbortSignal, meter?: CallMeter): Promise<RoomAnalysis> {
    return this.options.analyzer.analyze(image, signal, meter);
  }

  /** Replicate versions do not retire by date; the analyser's model is asked about where it has one. */
  async checkModels(signal?: AbortSignal): Promise<ModelAvailability[]> {
    const all = (await this.options.analyzer.checkModels?.(signal)) ?? [];
    return all.filter((m) => m.role === 'analysis');
  }

  async stage(image: Buffer, request: StageRequest, signal?: AbortSignal): Promise<Buffer[]> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const both = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const photo = await sharp(image)
      .resize(INPUT_EDGE, INPUT_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90 })
      .toBuffer();
    try {
      const n = request.mode === 'multi-view' ? MULTI_VIEW_VARIANTS : 1;
      const seeds = Array.from({ length: n }, () => Math.floor(Math.random() * 2 ** 31));
      return await withUploadedJpeg(this.client, photo, { purpose: 'staging' }, both, (url) =>
        Promise.all(seeds.map((seed) => this.predict(request, url, seed, both))),
      );
    } catch (err) {
      throw toReplicateError(err, signal);
    }
  }

  /** One prediction, with its own seed, to its result image (a draft's on the fast model). */
  private predict(request: StageRequest, image: string, seed: number, signal: AbortSignal) {
    const tierModel = (request.tier && this.options.tiers?.[request.tier]?.model) || this.model;
    const model = (request.draft && this.options.draftModel) || tierModel;
    return this.run(model, replicateInputFor(model)(request, image, seed), request.meter, signal);
  }

  private async run(
    model: string,
    input: Record<string, unknown>,
    meter: CallMeter | undefined,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const prediction = await runPrediction(this.client, model, input, {
      wait: HOLD_SECONDS,
      pollMs: this.options.pollMs ?? 1000,
      signal,
      onEnd: (p) => meterPrediction(meter, model, 'image', p),
    });
    if (prediction.status !== 'succeeded') {
      const text = JSON.stringify(prediction.error ?? '').toLowerCase();
      if (SAFETY_WORDS.test(text)) throw providerFailure('safety', prediction.error);
      if (prediction.status === 'failed') throw providerFailure('temporary', prediction.error);
      throw providerFailure('interrupted');
    }
    const [url] = outputUrls(prediction.output);
    if (!url) throw providerFailure('noImage');
    const res = await fetch(url, { signal });
    if (!res.ok) throw providerFailure('temporary', new Error(`Output download: ${res.status}`));
    return Buffer.from(await res.arrayBuffer());
  }
}
