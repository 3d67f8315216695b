import sharp from 'sharp';
import { MAX_INPUT_PIXELS, STRUCTURE_PASS_SCORE, type StructureRegion } from '@shared/domain';
import { alignment, colourChange, edgeChange, type WorkImage } from './structure-compare';
import { changeMask, changedRegions } from './structure-mask';
import { blur, sobel, standardise, straightEdges, type LineOptions } from './structure-edges';

/** The comparison runs at this long edge: enough for window and door frames, fast enough for every result. */
export const STRUCTURE_WORK_EDGE = 512;

/** Long straight edges: at least 6% of the long edge, and clearly lines rather than blobs. */
const LINES: LineOptions = {
  threshold: 0.9,
  minLength: Math.round(STRUCTURE_WORK_EDGE * 0.06),
  minElongation: 5,
  angleTolerance: Math.PI / 8,
};

/** New straight edges count less than lost ones: furniture brings its own lines, a moved window also leaves a gap. */
const ADDED_SHARE = 0.4;

export interface StructureCheck {
  /** 1 = the room's structure is unchanged, 0 = nothing of it is left. */
  score: number;
  /** True when the score is below `STRUCTURE_PASS_SCORE`. */
  flagged: boolean;
  /** Where it changed, as boxes relative to the image (0..1). */
  regions: StructureRegion[];
  /** Transparent PNG of the working size: where the pixels changed (structure in amber, the rest in rose). */
  mask: Buffer;
  /** How the result was zoomed and shifted to line up with the original (working pixels). */
  shift: { dx: number; dy: number; scale: number };
}

/** A photo decoded once for comparing (the original is shared by every result of one staging). */
export interface PreparedImage {
  readonly work: WorkImage;
}

async function decode(image: Buffer, width: number, height: number): Promise<WorkImage> {
  const { data } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++)
    grey[i] = 0.299 * (data[3 * i] ?? 0) + 0.587 * (data[3 * i + 1] ?? 0) + 0.114 * (data[3 * i + 2] ?? 0);
  const plane = blur(standardise({ width, height, data: grey }));
  const gradients = sobel(plane);
  return { width, height, rgb: data, plane, gradients, lines: straightEdges(gradients, LINES) };
}

/** Decodes the original at the working size (the long edge `STRUCTURE_WORK_EDGE`, its own shape). */
export async function prepareForStructureCheck(original: Buffer): Promise<PreparedImage> {
  const meta = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // Stored photos and results are already upright and carry no orientation tag.
  const w0 = meta.width || 1;
  const h0 = meta.height || 1;
  const scale = STRUCTURE_WORK_EDGE / Math.max(w0, h0);
  const width = Math.max(8, Math.round(w0 * scale));
  const height = Math.max(8, Math.round(h0 * scale));
  return { work: await decode(original, width, height) };
}

/**
 * Compares a staged result with its original for changes to the room itself: the result is lined up
 * (a small shift and zoom), then the long straight edges of each are looked for in the other and the colours of
 * the walls compared after taking out a global colour shift. The upper part (walls, windows) counts
 * more than the floor, where furniture belongs.
 */
export async function checkStructure(
  original: Buffer | PreparedImage,
  result: Buffer,
): Promise<StructureCheck> {
  const before = Buffer.isBuffer(original) ? await prepareForStructureCheck(original) : original;
  const { width, height } = before.work;
  const after = await decode(result, width, height);
  const shift = alignment(before.work, after);
  const edges = edgeChange(before.work, after, shift);
  const colours = colourChange(before.work, after, shift);
  const loss = Math.max(edges.missing, ADDED_SHARE * edges.added, colours.loss);
  const score = Math.round(Math.max(0, Math.min(1, 1 - loss)) * 1000) / 1000;
  return {
    score,
    flagged: score < STRUCTURE_PASS_SCORE,
    regions: changedRegions(width, height, edges, colours),
    mask: await changeMask(before.work, after, shift, edges),
    shift,
  };
}
