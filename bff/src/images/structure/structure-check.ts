import sharp from 'sharp';
import {
  MAX_INPUT_PIXELS,
  STRUCTURE_PASS_SCORE,
  structureChangeSentence,
  structureElementName,
  type StructureElement,
  type StructurePlace,
  type StructureRegion,
} from '@shared/domain';
import { align, IDENTITY, type Alignment } from './structure-align';
import { dilate, findChanges, plainLevel, type FoundChange } from './structure-changes';
import { blur } from './structure-edges';
import { changeMask } from './structure-mask';
import { radiatorsRemoved } from './structure-radiators';
import { surfaceChanges } from './structure-surface';
import { lumaOf, sceneOf, warpResult, type Scene } from './structure-scene';

/** The comparison runs at this long edge: walls, windows and doors are large; fast enough for every result. */
export const STRUCTURE_WORK_EDGE = 256;

/** One changed permanent element, named as the agent reads it. */
export interface StructureChange {
  element: StructureElement;
  place: StructurePlace;
  added: boolean;
  /** 'the window on the left' */
  name: string;
  /** 'The window on the left was covered or filled in.' */
  sentence: string;
  /** Where, relative to the result (0..1). */
  region: StructureRegion;
  /** Where, in the original's frame at the working size (for a repair). */
  found: FoundChange;
}

export interface StructureCheck {
  /** 1 = the room's structure is unchanged, 0 = nothing of it is left. */
  score: number;
  /** True when a permanent element changed (the score is then below `STRUCTURE_PASS_SCORE`). */
  flagged: boolean;
  changes: StructureChange[];
  /** Where it changed, as boxes relative to the result (0..1). */
  regions: StructureRegion[];
  /** Transparent PNG in the result's frame at the working size: the changed elements, in amber. */
  mask: Buffer;
  /** How the result lines up with the original (zoom per axis, shift in working pixels). */
  alignment: Alignment;
  /** The working size the alignment and the changes' pixels are in. */
  workSize: { width: number; height: number };
  /** How well the rest of the room lines up: the edge fit, and the share of the photo's upper edges kept. */
  lineUp: { fit: number; kept: number; surface: number };
}

/** A photo decoded once for comparing (the original is shared by every result of one staging). */
export interface PreparedImage {
  readonly scene: Scene;
  /** Smoothed grey, for lining results up. */
  readonly grey: Float32Array;
  /** The photo as given: a part of it is decoded again at a finer size where fine detail counts (radiator fins). */
  readonly source: Buffer;
}

async function rgbAt(image: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
}

function alignmentGrey(rgb: ArrayLike<number>, width: number, height: number): Float32Array {
  return blur({ width, height, data: lumaOf(rgb as Float32Array, width * height) }).data;
}

/** Decodes the original at the working size (the long edge `STRUCTURE_WORK_EDGE`, its own shape). */
export async function prepareForStructureCheck(original: Buffer): Promise<PreparedImage> {
  const meta = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // Stored photos and results are already upright and carry no orientation tag.
  const w0 = meta.width || 1;
  const h0 = meta.height || 1;
  const scale = STRUCTURE_WORK_EDGE / Math.max(w0, h0);
  const width = Math.max(16, Math.round(w0 * scale));
  const height = Math.max(16, Math.round(h0 * scale));
  const rgb = await rgbAt(original, width, height);
  const scene = sceneOf(Float32Array.from(rgb), width, height, new Uint8Array(width * height).fill(1));
  return { scene, grey: alignmentGrey(rgb, width, height), source: original };
}

/**
 * Each change's name or sentence once, in the order found: two pieces of one window in one place read
 * 'the window on the left', not 'the window on the left; the window on the left'.
 */
export const namedOnce = (
  changes: readonly StructureChange[],
  as: 'name' | 'sentence' = 'name',
): string[] => [...new Set(changes.map((c) => c[as]))];

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** A box of the original's frame, as it sits in the result (relative, clipped to the frame). */
function regionInResult(change: FoundChange, t: Alignment, w: number, h: number): StructureRegion {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const x0 = Math.max(0, cx + (change.box.x0 - cx) * t.sx + t.dx);
  const y0 = Math.max(0, cy + (change.box.y0 - cy) * t.sy + t.dy);
  const x1 = Math.min(w, cx + (change.box.x1 + 1 - cx) * t.sx + t.dx);
  const y1 = Math.min(h, cy + (change.box.y1 + 1 - cy) * t.sy + t.dy);
  return {
    x: round3(x0 / w),
    y: round3(y0 / h),
    width: round3(Math.max(0, x1 - x0) / w),
    height: round3(Math.max(0, y1 - y0) / h),
  };
}

/**
 * Compares a staged result with its original for changes to what listing rules protect: the result is
 * lined up (zoom, squash, shift), then openings that turned into wall or appeared, walls whose colour
 * changed beyond a global grade, or another room altogether are named with their place. Furniture, art,
 * curtains and relighting are not changes.
 */
/** Blocks across and down for the "nothing changed" test; the most a block's mean may move (of 255). */
const SAME_GRID = 8;
const SAME_LEVELS = 6;

/** True when every block of the lined-up result is within a few levels of the photo (re-encoding, resampling). */
function nearlyIdentical(before: Scene, after: Pick<Scene, 'rgb' | 'valid'>): boolean {
  const { width: w, height: h } = before;
  const sums = new Float64Array(SAME_GRID * SAME_GRID);
  const counts = new Float64Array(SAME_GRID * SAME_GRID);
  let covered = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!after.valid[i]) continue;
      covered += 1;
      const block = Math.floor((y * SAME_GRID) / h) * SAME_GRID + Math.floor((x * SAME_GRID) / w);
      let d = 0;
      for (let c = 0; c < 3; c++) d += Math.abs((before.rgb[3 * i + c] ?? 0) - (after.rgb[3 * i + c] ?? 0));
      sums[block] = (sums[block] ?? 0) + d / 3;
      counts[block] = (counts[block] ?? 0) + 1;
    }
  if (covered < 0.9 * w * h) return false;
  return sums.every((sum, b) => (counts[b] ?? 0) === 0 || sum / (counts[b] ?? 1) < SAME_LEVELS);
}

/**
 * What an edit was meant to change, so that only changes outside it count: the painted area (grown by
 * `MEANT_MARGIN`) and the permanent elements it changes wherever they are (wall paint: 'wall-colour').
 */
export interface MeantChanges {
  /** One channel at any size, non-zero where the edit may change the image (a brush's paint). */
  area?: { data: Buffer; width: number; height: number } | null;
  elements?: readonly StructureElement[];
  /** An exterior photo: its top is sky (clouds are no ceiling lights) and it has no fireplace. */
  outdoors?: boolean;
}

/** The painted area is grown by this share of the long edge before changes inside it are set aside. */
export const MEANT_MARGIN = 0.02;
/** A change counts when at least this share of its pixels lies outside the meant area. */
const OUTSIDE_SHARE = 0.5;

/** The meant area at the working size, grown by the margin. */
async function meantArea(area: NonNullable<MeantChanges['area']>, w: number, h: number) {
  const small = await sharp(area.data, { raw: { width: area.width, height: area.height, channels: 1 } })
    .resize(w, h, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = (small[i] ?? 0) > 0 ? 1 : 0;
  return dilate(mask, w, h, Math.max(1, Math.round(MEANT_MARGIN * Math.max(w, h))));
}

/** False for a change the edit was meant to make: of an element it changes, or mostly inside its area. */
function unmeant(meant: MeantChanges, area: Uint8Array | null) {
  return (c: FoundChange): boolean => {
    if (meant.elements?.includes(c.element)) return false;
    // A repaint or relight meant to change walls changes their surface too.
    if (c.element === 'surface' && meant.elements?.some((e) => e === 'wall-colour' || e === 'ceiling'))
      return false;
    if (!area) return true;
    let total = 0;
    let outside = 0;
    for (let i = 0; i < c.pixels.length; i++)
      if (c.pixels[i]) {
        total += 1;
        if (!area[i]) outside += 1;
      }
    return total > 0 && outside >= OUTSIDE_SHARE * total;
  };
}

/** The result read at the working size and lined up with the photo, as the check finds it. */
async function lineUp(before: PreparedImage, result: Buffer) {
  const { width: w, height: h } = before.scene;
  const rgb = await rgbAt(result, w, h);
  const found = align(
    { width: w, height: h, data: before.grey },
    { width: w, height: h, data: alignmentGrey(rgb, w, h) },
  );
  return { rgb, found };
}

/**
 * How a result lines up with the photo (what the lock composite needs), without judging what changed: the
 * same alignment the check finds, for a fraction of its CPU.
 */
export async function structureAlignment(
  before: PreparedImage,
  result: Buffer,
): Promise<Pick<StructureCheck, 'alignment' | 'workSize'>> {
  const { found } = await lineUp(before, result);
  const { width, height } = before.scene;
  return { alignment: found.alignment ?? IDENTITY, workSize: { width, height } };
}

/**
 * A turn of the event loop between the check's longer stretches of arithmetic: a request started just
 * before (a second opinion's) is sent on while the check runs, not after it.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function checkStructure(
  original: Buffer | PreparedImage,
  result: Buffer,
  meant: MeantChanges = {},
): Promise<StructureCheck> {
  const before = Buffer.isBuffer(original) ? await prepareForStructureCheck(original) : original;
  const { width: w, height: h } = before.scene;
  const { rgb, found } = await lineUp(before, result);
  await breathe();
  const warped = warpResult(rgb, w, h, found.alignment);
  const after = sceneOf(warped.rgb, w, h, warped.valid);
  await breathe();
  // A result that, as it is or lined up, differs nowhere by more than resampling noise changed nothing.
  const unwarped = { rgb: Float32Array.from(rgb), valid: new Uint8Array(w * h).fill(1) };
  const same = nearlyIdentical(before.scene, unwarped) || nearlyIdentical(before.scene, after);
  const area = meant.area ? await meantArea(meant.area, w, h) : null;
  const plain = Math.max(plainLevel(before.scene.texture), plainLevel(after.texture));
  const radiators = same || meant.outdoors ? [] : await radiatorsRemoved(before, after, plain);
  const found0 = same
    ? []
    : findChanges(before.scene, after, found.kept, { fixtures: !meant.outdoors, radiators })
        // An exterior's top is sky: a dusk or a new sky is no ceiling.
        .filter((c) => !(meant.outdoors && c.element === 'ceiling'));
  await breathe();
  const skip = new Uint8Array(w * h);
  for (const c of found0) for (let i = 0; i < skip.length; i++) if (c.pixels[i]) skip[i] = 1;
  const surface = surfaceChanges(before.scene, after, dilate(skip, w, h, 4));
  // A facade is relit wholesale at dusk: outdoors, surfaces are judged by their openings only.
  const counted = [
    ...found0,
    ...(same || meant.outdoors || found0.some((c) => c.element === 'room') ? [] : surface.changes),
  ].filter(unmeant(meant, area));
  const changes = counted.map((c) => ({
    element: c.element,
    place: c.place,
    added: c.added,
    name: structureElementName(c.element, c.place, c.added),
    sentence: structureChangeSentence(c.element, c.place, c.added),
    region: regionInResult(c, found.alignment, w, h),
    found: c,
  }));
  const worst = Math.max(0, ...changes.map((c) => c.found.strength));
  // Flagged exactly when something was named; the score says how clearly.
  const score = round3(
    changes.length
      ? Math.min(STRUCTURE_PASS_SCORE - 0.01, 1 - worst)
      : Math.max(STRUCTURE_PASS_SCORE, Math.min(1, found.fit)),
  );
  return {
    score,
    flagged: changes.length > 0,
    changes,
    regions: changes.map((c) => c.region),
    mask: await changeMask(
      changes.map((c) => c.found),
      found.alignment,
      w,
      h,
    ),
    alignment: found.alignment ?? IDENTITY,
    workSize: { width: w, height: h },
    lineUp: { fit: round3(found.fit), kept: round3(found.kept), surface: round3(surface.agreement) },
  };
}
