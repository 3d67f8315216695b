import { EngineError, type CallMeter } from './engine';

/**
 * Makes a larger image with real detail (a super-resolution model), unlike a plain enlargement. Used for
 * Pro's 4K exports of results smaller than 4K; the caller scales the answer to the exact size it needs.
 */
export interface Upscaler {
  /** The model that upscales, as configured (for logs and /api/health). */
  readonly model: string;
  /**
   * `image` (a JPEG) enlarged about `scale` times. Fails with an EngineError whose message is a sentence
   * for the user; honours `signal`.
   */
  upscale(image: Buffer, scale: number, signal?: AbortSignal, meter?: CallMeter): Promise<Buffer>;
}

/** Upscaler failures as sentences; all but a refused configuration are worth another try later. */
export const UPSCALER_FAILURES = {
  interrupted: 'Upscaling was interrupted.',
  timeout: 'The upscaler took too long to answer.',
  unreachable: 'The upscaler could not be reached.',
  busy: 'The upscaler is busy right now.',
  temporary: 'The upscaler had a temporary problem.',
  credentials: 'The upscaler refused our credentials. Please contact support.',
  failed: 'The upscaler could not process this image.',
} as const;

export const upscalerError = (key: keyof typeof UPSCALER_FAILURES, cause?: unknown) =>
  new EngineError(UPSCALER_FAILURES[key], key !== 'credentials' && key !== 'failed', { cause });
