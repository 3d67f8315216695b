import Replicate, { type Prediction } from 'replicate';
import { report, type CallMeter, type ProviderCall } from './engine';
import { estimateUsd } from './prices';
import { modelName } from '../ai-models';

/** What the engine and the upscaler share of Replicate: the client, uploads, and a prediction run to its end. */

const FINISHED = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

export function replicateClient(apiToken: string, baseUrl: string | undefined): Replicate {
  // Outputs stay URLs (useFileOutput off): each caller fetches them with its own abort signal.
  return new Replicate({ auth: apiToken, ...(baseUrl ? { baseUrl } : {}), useFileOutput: false });
}

/** Waits `ms`, or rejects at once with the signal's reason when it aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Uploads a JPEG to Replicate's files for `use` and deletes it afterwards: a client's photo is not left there. */
export async function withUploadedJpeg<T>(
  client: Replicate,
  jpeg: Buffer,
  metadata: Record<string, string>,
  signal: AbortSignal,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const file = await client.files.create(new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), metadata, {
    signal,
  });
  try {
    return await use(file.urls.get);
  } finally {
    client.files.delete(file.id).catch(() => undefined);
  }
}

/**
 * One prediction of `model` (`owner/name` or `owner/name:version`) to its end. Replicate holds the create
 * request open up to `wait` seconds, then it is polled; when the caller stops waiting (abort, timeout or a
 * failed poll) the prediction is cancelled, so it stops running (and billing).
 */
export async function runPrediction(
  client: Replicate,
  model: string,
  input: Record<string, unknown>,
  options: {
    wait: number | true;
    pollMs: number;
    signal: AbortSignal;
    /** Told of the prediction as last seen, whether it ended or was given up on (it may be billed). */
    onEnd?: (prediction: Prediction) => void;
  },
): Promise<Prediction> {
  const [, version] = model.split(':');
  const { signal } = options;
  let prediction = await client.predictions.create({
    ...(version ? { version } : { model: modelName(model) }),
    input,
    wait: options.wait,
    signal,
  });
  try {
    while (!FINISHED.has(prediction.status)) {
      await abortableSleep(options.pollMs, signal);
      prediction = await client.predictions.get(prediction.id, { signal });
    }
  } catch (err) {
    client.predictions.cancel(prediction.id).catch(() => undefined);
    options.onEnd?.(prediction);
    throw err;
  }
  options.onEnd?.(prediction);
  return prediction;
}

/** A prediction's estimated cost: its GPU seconds when Replicate reported them, else a typical run. */
export function meterPrediction(
  meter: CallMeter | undefined,
  model: string,
  kind: ProviderCall['kind'],
  prediction: Prediction,
): void {
  const seconds = prediction.metrics?.predict_time ?? null;
  const call = {
    provider: 'replicate',
    model: modelName(model),
    kind,
    images: 1,
    size: null,
    quality: null,
  } as const;
  report(meter, { ...call, ok: prediction.status === 'succeeded', usd: estimateUsd({ ...call, seconds }) });
}
