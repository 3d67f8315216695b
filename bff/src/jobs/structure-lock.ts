import type { StageRequest, StagingEngine } from '../ai';
import type { Logger } from '../config';
import {
  compositeThroughLock,
  structureAlignment,
  structureLock,
  type PaintMask,
  type PreparedImage,
} from '../images';

/**
 * The lock of a listing staging, decided from the photo before the provider call: a staging (one room or
 * several views) is locked unless the agent chose a free restyle; unstaging removes what stands anywhere.
 * A photo the lock cannot read is staged unlocked (the structure check still judges the result).
 */
export async function lockFor(
  original: Buffer,
  request: StageRequest,
  log: Logger,
): Promise<PaintMask | null> {
  if (request.mode === 'unstage' || request.freeRestyle) return null;
  return structureLock(original).catch((err: unknown) => {
    log.warn({ err }, 'structure lock failed; staging unlocked');
    return null;
  });
}

/**
 * A provider's answer laid into the photo through the lock, at the photo's own size: lined up first as
 * the structure check finds it (models zoom and shift a little). The preview engine grades through the
 * lock itself, under its ribbon.
 */
export async function throughLock(
  engine: StagingEngine,
  original: Buffer,
  prepared: PreparedImage | null,
  output: Buffer,
  lock: PaintMask,
): Promise<Buffer> {
  if (engine.kind === 'preview') return output;
  const lined = prepared ? await structureAlignment(prepared, output) : undefined;
  return compositeThroughLock(original, output, lock, lined);
}
