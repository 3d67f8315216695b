import type { StageRequest, StagingEngine } from '../ai';
import type { Logger } from '../config';
import {
  compositeOnPlate,
  lockPlate,
  structureAlignment,
  structureLock,
  type LockPlate,
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
 * What the answers of a locked staging are laid into (the photo decoded, the lock feathered at its size),
 * started before the provider call so that it is ready when the answer comes; null when nothing is laid in
 * (no lock, or the preview engine, which grades through the lock itself).
 */
export function plateFor(
  engine: StagingEngine,
  photo: Buffer,
  lock: PaintMask | undefined,
): Promise<LockPlate> | null {
  if (!lock || engine.kind === 'preview') return null;
  const plate = lockPlate(photo, lock);
  // Awaited only when an answer comes: a provider failure first must not leave it unhandled.
  plate.catch(() => undefined);
  return plate;
}

/**
 * A provider's answer laid into the photo through the lock, at the photo's own size: lined up first as
 * the structure check finds it (models zoom and shift a little).
 */
export async function throughLock(
  plate: Promise<LockPlate>,
  prepared: PreparedImage | null,
  output: Buffer,
): Promise<Buffer> {
  const [lined, ready] = await Promise.all([
    prepared ? structureAlignment(prepared, output) : undefined,
    plate,
  ]);
  return compositeOnPlate(ready, output, lined);
}
