import type Replicate from 'replicate';
import type { Prediction } from 'replicate';
import sharp from 'sharp';
import { EngineError, type CallMeter } from './engine';
import { meterPrediction, replicateClient, runPrediction, withUploadedJpeg } from './replicate-predictions';
import { planTiles, type Tile } from './upscale-tiles';
import { upscalerError, type Upscaler } from './upscaler';

export interface ReplicateUpscalerOptions {
  apiToken: string;
  /** `owner/name:version` (a community model) or `owner/name` (an official model, always its latest). */
  model: string;
  baseUrl?: string | undefined;
  /** The whole upscale, from the request to the last byte of the image. */
  timeoutMs?: number;
  /** How often a prediction still running after the first answer is asked about again. */
  pollMs?: number;
}

/** A 4K export waits for this at most: a warm Real-ESRGAN answers in seconds. */
const DEFAULT_TIMEOUT_MS = 90_000;
const DEFAULT_POLL_MS = 1000;
/** Replicate asks for files above 256 KB to be uploaded rather than sent inline as data URLs. */
export const DATA_URL_MAX_BYTES = 256 * 1024;

const statusOf = (err: unknown): number | null => {
  const response = (err as { response?: unknown } | null)?.response;
  return response instanceof Response ? response.status : null;
};

function toUpscalerError(err: unknown, timedOut: boolean): EngineError {
  if (err instanceof EngineError) return err;
  if (timedOut) return upscalerError('timeout', err);
  if (err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError'))
    return upscalerError('interrupted', err);
  const status = statusOf(err);
  if (status === 429) return upscalerError('busy', err);
  if (status === 401 || status === 403) return upscalerError('credentials', err);
  if (status !== null && (status === 408 || status === 409 || status >= 500))
    return upscalerError('temporary', err);
  if (status !== null) return upscalerError('failed', err);
  if (err instanceof TypeError) return upscalerError('unreachable', err);
  return upscalerError('failed', err);
}

/** The first URL in a prediction's output (Real-ESRGAN answers one; some models answer a list). */
function outputUrl(output: unknown): string | null {
  const first: unknown = Array.isArray(output) ? output[0] : output;
  return typeof first === 'string' && /^(https?:|data:)/.test(first) ? first : null;
}

/** Real-ESRGAN (or another upscaler taking `image` and `scale`) through the official Replicate SDK. */
export class ReplicateUpscaler implements Upscaler {
  readonly model: string;
  private readonly client: Replicate;
  private readonly timeoutMs: number;
  private readonly pollMs: number;

  constructor(options: ReplicateUpscalerOptions) {
    this.model = options.model;
    this.client = replicateClient(options.apiToken, options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  }

  /**
   * Real-ESRGAN upscales x4 in GPU memory with tiling off, whatever `scale` asks, so a large image runs
   * out of memory (and each try may be billed): it gets tiles of at most 1024 px, each upscaled alone
   * and put back together, the tiles' overlaps cut away.
   */
  async upscale(image: Buffer, scale: number, signal?: AbortSignal, meter?: CallMeter): Promise<Buffer> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const { width = 1, height = 1 } = await sharp(image).metadata();
      const tiles = planTiles(width, height, scale);
      if (tiles.length === 1) return await this.upscaleOne(image, scale, combined, meter);
      const parts = await Promise.all(tiles.map((t) => this.upscaleTile(image, t, scale, combined, meter)));
      const out = { width: Math.round(width * scale), height: Math.round(height * scale) };
      return await sharp({ create: { ...out, channels: 3, background: '#000' } })
        .composite(parts)
        .removeAlpha()
        .png({ compressionLevel: 1 })
        .toBuffer();
    } catch (err) {
      throw toUpscalerError(err, timeout.aborted && !signal?.aborted);
    }
  }

  private async upscaleTile(
    image: Buffer,
    tile: Tile,
    scale: number,
    signal: AbortSignal,
    meter?: CallMeter,
  ) {
    const { input, output, keep } = tile;
    const piece = await sharp(image).extract(input).jpeg({ quality: 95 }).toBuffer();
    const upscaled = await this.upscaleOne(piece, scale, signal, meter);
    const input2 = await sharp(upscaled)
      .resize(output.width, output.height, { fit: 'fill' })
      .extract(keep)
      .png({ compressionLevel: 1 })
      .toBuffer();
    return { input: input2, left: tile.at.left, top: tile.at.top };
  }

  private async upscaleOne(
    image: Buffer,
    scale: number,
    signal: AbortSignal,
    meter?: CallMeter,
  ): Promise<Buffer> {
    const prediction = await this.predict(image, scale, signal, meter);
    const url = outputUrl(prediction.output);
    if (!url) throw upscalerError('failed');
    const res = await fetch(url, { signal });
    if (!res.ok) throw upscalerError(res.status >= 500 ? 'temporary' : 'failed');
    return Buffer.from(await res.arrayBuffer());
  }

  private async predict(
    image: Buffer,
    scale: number,
    signal: AbortSignal,
    meter?: CallMeter,
  ): Promise<Prediction> {
    // Small images go inline; a larger one through the Files API, deleted again once the model has run.
    if (image.length <= DATA_URL_MAX_BYTES)
      return this.run(`data:image/jpeg;base64,${image.toString('base64')}`, scale, signal, meter);
    return withUploadedJpeg(this.client, image, {}, signal, (url) => this.run(url, scale, signal, meter));
  }

  private async run(
    image: string,
    scale: number,
    signal: AbortSignal,
    meter?: CallMeter,
  ): Promise<Prediction> {
    const input = { image, scale: Math.round(scale * 100) / 100, face_enhance: false };
    // `wait` holds the request open until the prediction finishes (up to a minute), saving polls.
    const prediction = await runPrediction(this.client, this.model, input, {
      wait: true,
      pollMs: this.pollMs,
      signal,
      onEnd: (p) => meterPrediction(meter, this.model, 'upscale', p),
    });
    if (prediction.status !== 'succeeded') throw upscalerError('failed', prediction.error);
    return prediction;
  }
}
