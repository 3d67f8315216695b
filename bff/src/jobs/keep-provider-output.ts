import { STAGING_FAILURES } from '@shared/domain';
import { EngineError } from '../ai';
import { providerOutputJson, type ProviderOutput } from '../images';
import { providerOutputKey, type BlobStore } from '../store';

/**
 * Keeps what the engine's output said of itself beside the result stored at `imageKey`, so every file
 * handed out from it names it (C2PA `componentOf`); a result without one loses any kept for an earlier
 * result under the same key (a restage).
 */
export async function keepProviderOutput(
  blobs: BlobStore,
  imageKey: string,
  provider: ProviderOutput | null | undefined,
): Promise<void> {
  const key = providerOutputKey(imageKey);
  const kept = provider
    ? blobs.put(key, providerOutputJson(provider), 'application/json')
    : blobs.delete(key);
  await kept.catch((err: unknown) => {
    throw new EngineError(STAGING_FAILURES.storageWrite, true, { cause: err });
  });
}
