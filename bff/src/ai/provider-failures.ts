import { STAGING_FAILURES } from '@shared/domain';
import { EngineError, report, type CallMeter, type ProviderCall } from './engine';
import { estimateUsd } from './prices';

/** Why an AI provider failed, in the words a project shows; every engine maps its errors onto these. */
export const PROVIDER_FAILURES = {
  interrupted: 'Staging was interrupted.',
  timeout: 'The AI provider took too long to answer.',
  unreachable: 'The AI provider could not be reached.',
  quota: "The AI provider's usage quota is used up. Please contact support.",
  busy: 'The AI provider is busy right now.',
  temporary: 'The AI provider had a temporary problem.',
  credentials: 'The AI provider refused our credentials. Please contact support.',
  safety: 'The AI provider declined this photo under its safety rules. Please try a different photo.',
  unprocessable: 'The AI provider could not process this photo.',
  noImage: 'The AI provider returned no image.',
  model: 'The AI provider no longer serves the configured model. Please contact support.',
} as const;

export type ProviderFailure = keyof typeof PROVIDER_FAILURES;

/** Only conditions that pass by themselves are worth another attempt. */
const TRANSIENT: Record<ProviderFailure, boolean> = {
  interrupted: true,
  timeout: true,
  unreachable: true,
  quota: false,
  busy: true,
  temporary: true,
  credentials: false,
  safety: false,
  unprocessable: false,
  noImage: true,
  model: false,
};

export const providerFailure = (kind: ProviderFailure, cause?: unknown): EngineError =>
  new EngineError(PROVIDER_FAILURES[kind], TRANSIENT[kind], { cause });

/** An HTTP status as one of our failures, by the meaning all providers share; null when it says nothing. */
export function failureForStatus(status: number): ProviderFailure | null {
  if (status === 429) return 'busy';
  if (status === 408 || status === 409 || status >= 500) return 'temporary';
  if (status === 401 || status === 403) return 'credentials';
  if (status === 402) return 'quota';
  // OpenAI (model_not_found) and Gemini (NOT_FOUND) answer an unknown or retired model with a 404.
  if (status === 404) return 'model';
  return null;
}

/** Moderation words providers use in refusals. */
export const SAFETY_WORDS = /moderation|safety|content.?policy|nsfw|prohibited|blocked/;

/** Anything not already an EngineError, when no provider-specific cause is known. */
export const unexpectedFailure = (cause: unknown): EngineError =>
  cause instanceof EngineError ? cause : new EngineError(STAGING_FAILURES.unexpected, false, { cause });

/**
 * A caller's abort and a timeout end a request the same way (an AbortError); the caller's signal tells
 * them apart.
 */
export function abortFailure(err: unknown, signal: AbortSignal | undefined): EngineError | null {
  const name = err instanceof Error ? err.name : '';
  if (signal?.aborted) return providerFailure('interrupted', err);
  if (name === 'AbortError' || name === 'TimeoutError') return providerFailure('timeout', err);
  return null;
}

/** A timed-out image request may still be made and billed: it is never tried again blindly. */
export const noRetryAfterTimeout = (err: EngineError): EngineError =>
  err.message === PROVIDER_FAILURES.timeout && err.transient
    ? new EngineError(err.message, false, { cause: err.cause })
    : err;

/**
 * The options of a multi-view, asked for separately: those that came back are kept (each is paid for);
 * only when none did does the staging fail, with the first option's reason.
 */
export async function keepWhatCameBack(options: Promise<Buffer>[]): Promise<Buffer[]> {
  const settled = await Promise.allSettled(options);
  const images = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  if (images.length > 0) return images;
  const first = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  throw first ? (first.reason as Error) : providerFailure('noImage');
}

/**
 * One vision call (a room analysis or a structure review), metered as an analysis of `images` images: billed
 * once answered, or when it timed out (the provider worked on it); a refused request (4xx) costs nothing.
 */
export async function meteredAnalysis<T>(
  meter: CallMeter | undefined,
  who: { provider: ProviderCall['provider']; model: string; images: number },
  run: () => Promise<T>,
  toError: (err: unknown) => EngineError,
): Promise<T> {
  const call = { ...who, kind: 'analysis', size: 'analysis', quality: null } as const;
  const usd = estimateUsd(call);
  try {
    const answer = await run();
    report(meter, { ...call, ok: true, usd });
    return answer;
  } catch (err) {
    const failure = toError(err);
    if (failure.message === PROVIDER_FAILURES.timeout) report(meter, { ...call, ok: false, usd });
    throw failure;
  }
}
