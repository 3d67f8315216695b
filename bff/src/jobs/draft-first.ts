import type { CallMeter, StageRequest, StagingEngine } from '../ai';
import type { Logger } from '../config';
import { downscaled, normalizeResult } from '../images';
import { projectBlobKeys, type BlobStore, type Repositories } from '../store';
import { plateFor, throughLock } from './structure-lock';

/** A locked draft is laid into the photo at this long edge (px): a first look, not the photo's resolution. */
export const DRAFT_MAX_EDGE = 1280;

export interface DraftDeps {
  engine: StagingEngine;
  repos: Pick<Repositories, 'projects'>;
  blobs: BlobStore;
  log: Logger;
  projectId: string;
  workerId: string;
  original: Buffer;
  size: { width: number; height: number };
  signal: AbortSignal;
  /** Told of the draft call (purpose 'draft': counted apart from the final's). */
  meter: CallMeter;
  /** The owner's pages hear of the stored draft at once (the live channel). */
  announce?: () => void;
}

/** A staging's first look, made beside the final: whatever happens to it, the final goes on. */
export interface DraftFirst {
  /** Starts the engine's fast pass on the request the final is made from (locked where the final is). */
  start(request: StageRequest): void;
  /** The final is stored (or the job ended): a draft still under way is dropped, its blobs removed. */
  settle(): Promise<void>;
}

/**
 * Runs the engine's draft pass (see `draftPass`) at the same time as the final: its images are stored
 * under the draft keys and named on the project while the job still holds it, then announced. It costs
 * no credit and never counts as a result; a failed or late draft only means no first look.
 */
export function draftFirst(deps: DraftDeps): DraftFirst {
  const { engine, repos, blobs, log, projectId, workerId } = deps;
  const keys = projectBlobKeys(projectId);
  let settled = false;
  const written: string[] = [];

  // Removing twice is harmless: a put still under way when the final came is removed by the pass itself.
  const removeWritten = () => Promise.all(written.map((key) => blobs.delete(key).catch(() => undefined)));

  async function make(request: StageRequest): Promise<void> {
    const outputs = await engine.stage(
      deps.original,
      { ...request, draft: true, meter: deps.meter },
      deps.signal,
    );
    const { lock } = request;
    // Laid into a small copy of the photo: a first look needs no more, and the final's work goes on beside it.
    const base = lock && outputs.length > 0 ? await downscaled(deps.original, DRAFT_MAX_EDGE) : null;
    const plate = base ? plateFor(engine, base, lock) : null;
    for (const [i, output] of outputs.entries()) {
      if (settled) return;
      const locked = plate ? await throughLock(plate, null, output) : output;
      const image = await normalizeResult(locked, deps.size);
      if (settled) return;
      if (!written.includes(keys.draft(i))) written.push(keys.draft(i));
      await blobs.put(keys.draft(i), image.data, image.contentType);
    }
    if (settled || outputs.length === 0) return;
    // Not stored: the job is finished or no longer this worker's, so its blobs go.
    if (await repos.projects.saveDraft(projectId, workerId, [...written])) deps.announce?.();
    else await removeWritten();
  }

  return {
    start(request) {
      void make(request)
        .catch((err: unknown) => {
          if (!deps.signal.aborted) log.warn({ err }, 'draft failed; the final staging goes on');
        })
        .then(async () => {
          // The final came first (or the job ended): nothing of this draft may stay behind.
          if (settled) await removeWritten();
        });
    },
    async settle() {
      settled = true;
      // Only blobs already written go now; a pass still at the provider removes its own when it ends.
      await removeWritten();
    },
  };
}
