import { STAGING_FAILURES } from '@shared/domain';
import {
  EngineError,
  type CallMeter,
  type StageRequest,
  type StagingEngine,
  type StructureOpinion,
  withOpinion,
} from '../ai';
import type { Logger } from '../config';
import {
  checkStructure,
  namedOnce,
  normalizeResult,
  prepareForStructureCheck,
  repairStructure,
  type MeantChanges,
  providerOutputOf,
  type LockPlate,
  type PreparedImage,
  type ProcessedImage,
  type ProviderOutput,
  type StructureCheck,
} from '../images';
import { lockFor, plateFor, throughLock } from './structure-lock';

/** A result's bytes as they will be stored: a staging's JPEG or WebP, an edit's lossless PNG. */
export interface ResultImage {
  data: Buffer;
  contentType: ProcessedImage['contentType'] | 'image/png';
}

/** A staged image as stored, and what the structure check found in it (null: the check could not run). */
export interface CheckedResult {
  image: ResultImage;
  check: StructureCheck | null;
  /** What a repair put back ('the window on the left'); empty when nothing was. */
  restored: string[];
  /** The vision model's verdict on the result (asked of every result where one is configured). */
  opinion: StructureOpinion | null;
  /** The engine's own output when it came with a C2PA manifest, kept before anything re-encodes it. */
  provider?: ProviderOutput | null;
}

export interface Staging {
  engine: StagingEngine;
  log: Logger;
  original: Buffer;
  size: { width: number; height: number };
  signal: AbortSignal;
  /** Told of the strict retry's provider calls (its cost is counted apart from the first try's). */
  strictMeter?: CallMeter;
  /** Told of the second opinions' calls (counted apart from the staging's: one per result). */
  reviewMeter?: CallMeter;
}

/**
 * A flagged result with one element changed in one place gets the original's pixels back there and is
 * checked again; the repair is kept only when the room then passes. Shows what was restored where.
 */
async function repaired(
  s: Staging,
  prepared: PreparedImage,
  result: CheckedResult,
  meant: MeantChanges,
): Promise<CheckedResult> {
  const { check, image } = result;
  if (!check?.flagged) return result;
  try {
    const repair = await repairStructure(s.original, image.data, check);
    if (!repair) return result;
    const again = await checkStructure(prepared, repair.image, meant);
    if (again.flagged) return result;
    // 'Show changes' marks what was put back, where it was.
    return {
      image: { ...image, data: repair.image, contentType: 'image/jpeg' },
      check: { ...again, mask: check.mask, regions: check.regions },
      restored: repair.restored,
      opinion: null,
    };
  } catch (err) {
    s.log.warn({ err }, 'structure repair failed; result kept as it was');
    return result;
  }
}

/**
 * The engine's vision model's opinion of one result, where it has one: null without one, or when it fails
 * or answers nothing usable (the local verdict then stands).
 */
async function opinionOf(s: Staging, data: Buffer, meter?: CallMeter): Promise<StructureOpinion | null> {
  if (!s.engine.reviewStructure) return null;
  try {
    const opinion = await s.engine.reviewStructure(s.original, data, s.signal, meter);
    if (opinion)
      s.log.info({ changed: opinion.changed, elements: opinion.elements }, 'structure second opinion');
    return opinion ?? null;
  } catch (err) {
    if (s.signal.aborted) throw err;
    s.log.warn({ err }, 'structure second opinion failed; the local verdict stands');
    return null;
  }
}

/**
 * Every result goes to the engine's vision model, once, where it has one: its 'changed' flags the result
 * with its words, its 'kept' clears only what the local check was uncertain of (see second-opinion).
 * `asked`: the opinion already asked of this very image, while its local check ran.
 */
async function reviewed(
  s: Staging,
  result: CheckedResult,
  meter?: CallMeter,
  asked?: Promise<StructureOpinion | null> | null,
): Promise<CheckedResult> {
  const { check } = result;
  if (!check || !s.engine.reviewStructure) return result;
  const opinion = await (asked ?? opinionOf(s, result.image.data, meter));
  return opinion ? { ...result, check: withOpinion(check, opinion), opinion } : result;
}

/**
 * One result checked against `s.original` (what it was made from), counting only changes it was not
 * `meant` to make; repaired where one element changed in one place, then reviewed when still flagged.
 */
export async function checkResult(
  s: Staging,
  prepared: PreparedImage,
  image: ResultImage,
  meter?: CallMeter,
  meant: MeantChanges = {},
): Promise<CheckedResult> {
  return reviewUnlessMeant(s, await checkLocally(s, prepared, image, meant), meter, meant);
}

/** The local check, and the repair where one element changed in one place: CPU work, no provider call. */
async function checkLocally(
  s: Staging,
  prepared: PreparedImage,
  image: ResultImage,
  meant: MeantChanges,
): Promise<CheckedResult> {
  // A check that cannot run never costs the user their result.
  const check = await checkStructure(prepared, image.data, meant).catch((err: unknown) => {
    s.log.warn({ err }, 'structure check failed; result kept unchecked');
    return null;
  });
  return repaired(s, prepared, { image, check, restored: [], opinion: null }, meant);
}

/** The vision model judges the whole room: an edit meant to change a permanent element is not asked. */
function reviewUnlessMeant(
  s: Staging,
  result: CheckedResult,
  meter: CallMeter | undefined,
  meant: MeantChanges,
): Promise<CheckedResult> {
  return meant.elements?.length ? Promise.resolve(result) : reviewed(s, result, s.reviewMeter ?? meter);
}

/**
 * Each result is locked and checked in turn (CPU work); its second opinion is asked as soon as it is locked,
 * while its own check and the next results' run: a multi-view's three reviews wait on the provider side by side.
 */
async function stageOnce(
  s: Staging,
  request: StageRequest,
  preparing: Promise<PreparedImage | null>,
  plate: Promise<LockPlate> | null,
) {
  const outputs = await s.engine.stage(s.original, request, s.signal);
  const prepared = await preparing;
  const results: Promise<CheckedResult>[] = [];
  for (const [i, output] of outputs.entries()) {
    const provider = await providerOutputOf(output, `${s.engine.kind}-output-${i + 1}`);
    // A locked staging is the photo itself, at its own size, outside the region it may change.
    const locked = plate ? throughLock(plate, prepared, output) : Promise.resolve(output);
    const image = await locked
      .then((answer) => normalizeResult(answer, s.size))
      .catch((err: unknown) => {
        throw new EngineError(STAGING_FAILURES.unreadableResult, true, { cause: err });
      });
    if (!prepared) {
      results.push(Promise.resolve({ image, check: null, restored: [], opinion: null, provider }));
      continue;
    }
    // An exterior's top is sky: no ceiling lights (nor a fireplace) to judge there.
    const meant = request.roomType === 'exterior' ? { outdoors: true } : {};
    // Asked before the local check: the model works on the provider's side while the check runs here.
    const meter = s.reviewMeter ?? request.meter;
    const asked = s.engine.reviewStructure ? opinionOf(s, image.data, meter) : null;
    asked?.catch(() => undefined);
    const local = await checkLocally(s, prepared, image, meant);
    // A repaired result is another image: the model is asked about the one the agent will see.
    const review = reviewed(s, local, meter, local.restored.length ? null : asked).then((r) => ({
      ...r,
      provider,
    }));
    // Handled here too: a later result that fails ends the staging before Promise.all listens to this one.
    review.catch(() => undefined);
    results.push(review);
  }
  return Promise.all(results);
}

/**
 * An edit's result checked against the version it was made from (`s.original`), counting only what it was
 * not `meant` to change. The preview engine never changes the room: its edits are not checked.
 */
export async function checkEdit(
  s: Staging,
  data: Buffer,
  meter: CallMeter | undefined,
  meant: MeantChanges,
): Promise<CheckedResult> {
  const image: ResultImage = { data, contentType: 'image/png' };
  const prepared =
    s.engine.kind === 'preview'
      ? null
      : await prepareForStructureCheck(s.original).catch((err: unknown) => {
          s.log.warn({ err }, 'version unreadable for the structure check; edit kept unchecked');
          return null;
        });
  if (!prepared) return { image, check: null, restored: [], opinion: null };
  return checkResult(s, prepared, image, meter, meant);
}

/**
 * Stages the room and checks every result against the original. A listing staging is locked first (see
 * structure-lock): outside the region the photo allows, every result is the photo's own pixels. A result whose room changed in one place
 * is repaired (the original's pixels put back there); only when a repair cannot fix it (another room,
 * another viewpoint, changes everywhere) is the engine asked once more with stricter wording, each result
 * keeping the better of its two tries. A result still flagged is kept (it exists, so nothing is refunded).
 * The preview engine draws on the photo itself and never changes the room: its results are not checked.
 */
export async function stageAndCheck(
  s: Staging,
  asked: StageRequest,
  /** Told of the request once it is locked, before the engine is asked: a draft starts from it. */
  onLocked?: (request: StageRequest) => void,
): Promise<CheckedResult[]> {
  const lock = await lockFor(s.original, asked, s.log);
  const request = lock ? { ...asked, lock } : asked;
  onLocked?.(request);
  // The photo read for the check, decoded and the lock feathered, all while the provider works (a strict
  // retry uses the same).
  const prepared =
    s.engine.kind === 'preview'
      ? Promise.resolve(null)
      : prepareForStructureCheck(s.original).catch((err: unknown) => {
          s.log.warn({ err }, 'original unreadable for the structure check; results kept unchecked');
          return null;
        });
  const plate = plateFor(s.engine, s.original, lock ?? undefined);
  const first = await stageOnce(s, request, prepared, plate);
  const restored = first.filter((r) => r.restored.length > 0).length;
  const flagged = first.filter((r) => r.check?.flagged).length;
  if (restored > 0) s.log.info({ restored: first.map((r) => r.restored) }, 'structure repaired');
  if (flagged === 0) return first;
  s.log.info(
    { flagged, changes: first.map((r) => namedOnce(r.check?.changes ?? [])) },
    'structure changed beyond repair; staging again, strictly',
  );
  let second: CheckedResult[];
  try {
    const meter = s.strictMeter ?? request.meter;
    second = await stageOnce(s, { ...request, strict: true, ...(meter ? { meter } : {}) }, prepared, plate);
  } catch (err) {
    if (s.signal.aborted) throw err;
    s.log.warn({ err }, 'strict retry failed; keeping the flagged result');
    return first;
  }
  return first.map((r, i) => {
    const again = second[i];
    const better =
      r.check?.flagged && again?.check && (!again.check.flagged || again.check.score > r.check.score);
    return better ? again : r;
  });
}
