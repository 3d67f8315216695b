import { STAGING_FAILURES } from '@shared/domain';
import { EngineError, type CallMeter, type StageRequest, type StagingEngine } from '../ai';
import type { Logger } from '../config';
import {
  checkStructure,
  normalizeResult,
  prepareForStructureCheck,
  type PreparedImage,
  type ProcessedImage,
  type StructureCheck,
} from '../images';

/** A staged image as stored, and what the structure check found in it (null: the check could not run). */
export interface CheckedResult {
  image: ProcessedImage;
  check: StructureCheck | null;
}

interface Staging {
  engine: StagingEngine;
  log: Logger;
  original: Buffer;
  size: { width: number; height: number };
  signal: AbortSignal;
  /** Told of the strict retry's provider calls (its cost is counted apart from the first try's). */
  strictMeter?: CallMeter;
}

async function stageOnce(s: Staging, request: StageRequest, prepared: PreparedImage | null) {
  const outputs = await s.engine.stage(s.original, request, s.signal);
  const results: CheckedResult[] = [];
  for (const output of outputs) {
    const image = await normalizeResult(output, s.size).catch((err: unknown) => {
      throw new EngineError(STAGING_FAILURES.unreadableResult, true, { cause: err });
    });
    // A check that cannot run never costs the user their result.
    const check = prepared
      ? await checkStructure(prepared, image.data).catch((err: unknown) => {
          s.log.warn({ err }, 'structure check failed; result kept unchecked');
          return null;
        })
      : null;
    results.push({ image, check });
  }
  return results;
}

/**
 * Stages the room and checks every result against the original. When one changed the room's structure,
 * the engine is asked once more with stricter wording and each result keeps the better of its two tries;
 * a result still below the line is kept and stays flagged (it exists, so nothing is refunded).
 */
export async function stageAndCheck(s: Staging, request: StageRequest): Promise<CheckedResult[]> {
  const prepared = await prepareForStructureCheck(s.original).catch((err: unknown) => {
    s.log.warn({ err }, 'original unreadable for the structure check; results kept unchecked');
    return null;
  });
  const first = await stageOnce(s, request, prepared);
  const flagged = first.filter((r) => r.check?.flagged).length;
  if (flagged === 0) return first;
  s.log.info(
    { flagged, scores: first.map((r) => r.check?.score) },
    'structure changed; staging again, strictly',
  );
  let second: CheckedResult[];
  try {
    const meter = s.strictMeter ?? request.meter;
    second = await stageOnce(s, { ...request, strict: true, ...(meter ? { meter } : {}) }, prepared);
  } catch (err) {
    if (s.signal.aborted) throw err;
    s.log.warn({ err }, 'strict retry failed; keeping the flagged result');
    return first;
  }
  return first.map((r, i) => {
    const again = second[i];
    const better = r.check?.flagged && again?.check && again.check.score > r.check.score;
    return better ? again : r;
  });
}
