import sharp from 'sharp';
import { EDIT_FEATHER_SHARE } from '@shared/domain';

/** A brush stroke, image-relative: its diameter a share of the width, its points 0..1 from the top left. */
export interface MaskStrokeDoc {
  erase: boolean;
  size: number;
  points: [number, number][];
}

/** A one-channel mask as raw bytes: 255 where the user painted (and did not erase), 0 elsewhere. */
export interface PaintMask {
  data: Buffer;
  width: number;
  height: number;
}

const svgOf = (strokes: MaskStrokeDoc[], width: number, height: number) => {
  const paths = strokes.map((s) => {
    const d = s.points
      .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${(x * width).toFixed(1)} ${(y * height).toFixed(1)}`)
      .join(' ');
    // A single tap is a dot: a zero-length path with round caps.
    const dot = s.points.length === 1 ? ' l0.01 0' : '';
    const colour = s.erase ? 'black' : 'white';
    const w = Math.max(1, s.size * width).toFixed(1);
    return `<path d="${d}${dot}" fill="none" stroke="${colour}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="black"/>${paths.join('')}</svg>`,
  );
};

/** The brush strokes drawn at the image's size, in order (an eraser stroke takes paint away). */
export async function renderPaintMask(
  strokes: MaskStrokeDoc[],
  width: number,
  height: number,
): Promise<PaintMask> {
  const data = await sharp(svgOf(strokes, width, height))
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .extractChannel(0)
    .threshold(128)
    .raw()
    .toBuffer();
  return { data, width, height };
}

export const paintedPixels = (mask: PaintMask) => mask.data.reduce((n, v) => n + (v > 0 ? 1 : 0), 0);

/** OpenAI's mask: a PNG of the image's size, fully transparent where it may edit, opaque elsewhere. */
export async function openAiMaskPng(mask: PaintMask, width: number, height: number): Promise<Buffer> {
  const scaled = await scaleMask(mask, width, height);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = scaled.data[i] ? 0 : 255;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

async function scaleMask(mask: PaintMask, width: number, height: number): Promise<PaintMask> {
  if (mask.width === width && mask.height === height) return mask;
  const data = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** The mask grown by `radius` px: a blur whose every touched pixel counts. */
async function dilate(mask: PaintMask, radius: number): Promise<Buffer> {
  if (radius < 1) return mask.data;
  return sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .blur(Math.max(0.3, radius / 2))
    .threshold(1)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** The feathered margin in px for an image: a share of its long edge. */
export const featherPx = (width: number, height: number) =>
  Math.max(2, Math.round(Math.max(width, height) * EDIT_FEATHER_SHARE));

/**
 * How much of the edit each pixel takes, 0..255: all of it inside the paint, fading out over the
 * margin, and none beyond it, so the room outside stays the image it was made from by construction.
 */
export async function blendAlpha(mask: PaintMask): Promise<Buffer> {
  const margin = featherPx(mask.width, mask.height);
  const outer = await dilate(mask, margin);
  const inner = await dilate(mask, margin / 2);
  const soft = await sharp(inner, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .blur(Math.max(0.3, margin / 4))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const alpha = Buffer.alloc(mask.data.length);
  for (let i = 0; i < alpha.length; i++)
    alpha[i] = (outer[i] ?? 0) === 0 ? 0 : Math.max(mask.data[i] ?? 0, soft[i] ?? 0);
  return alpha;
}

/** Raw RGB pixels of an image at the given size. */
export const rawRgb = (image: Buffer, width: number, height: number) =>
  sharp(image).rotate().resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();

/**
 * The edited image laid into `base` through the feathered mask, as a lossless PNG: outside the paint
 * and its margin every pixel is the base's own.
 */
export async function compositeEdit(base: Buffer, edited: Buffer, mask: PaintMask): Promise<Buffer> {
  const { width, height } = mask;
  const [from, to, alpha] = await Promise.all([
    rawRgb(base, width, height),
    rawRgb(edited, width, height),
    blendAlpha(mask),
  ]);
  const out = Buffer.from(from);
  for (let p = 0; p < width * height; p++) {
    const a = alpha[p] ?? 0;
    if (a === 0) continue;
    for (let c = 0; c < 3; c++) {
      const i = p * 3 + c;
      out[i] = Math.round(((from[i] ?? 0) * (255 - a) + (to[i] ?? 0) * a) / 255);
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Below this blurred weight (of 255) a fill would be mostly rounding: that pixel waits for the next pass. */
const FILL_MIN_WEIGHT = 64;
const FILL_PASSES = 16;

/**
 * The image filled inside the mask from its surroundings, ring by ring from the edge inwards (each pass a
 * normalised blur of what is known so far): the preview engine's honest stand-in for AI removal.
 */
export async function fillFromSurroundings(image: Buffer, mask: PaintMask): Promise<Buffer> {
  const { width, height } = mask;
  const n = width * height;
  const out = Buffer.from(await rawRgb(image, width, height));
  const known = Buffer.alloc(n);
  for (let p = 0; p < n; p++) known[p] = mask.data[p] ? 0 : 255;
  const sigma = Math.max(2, Math.max(width, height) * 0.01);
  // One channel in, one out: sharp would otherwise hand a grey image back as three channels.
  const blur = (data: Buffer, channels: 1 | 3) => {
    const blurred = sharp(data, { raw: { width, height, channels } }).blur(sigma);
    return (channels === 1 ? blurred.extractChannel(0) : blurred).raw().toBuffer();
  };
  for (let pass = 0; pass < FILL_PASSES; pass++) {
    const weighted = Buffer.alloc(n * 3);
    for (let p = 0; p < n; p++)
      if (known[p]) for (let c = 0; c < 3; c++) weighted[p * 3 + c] = out[p * 3 + c] ?? 0;
    const [sum, weight] = await Promise.all([blur(weighted, 3), blur(known, 1)]);
    let open = 0;
    const filled: number[] = [];
    for (let p = 0; p < n; p++) {
      if (known[p]) continue;
      const w = weight[p] ?? 0;
      if (w < FILL_MIN_WEIGHT) {
        open++;
        continue;
      }
      for (let c = 0; c < 3; c++)
        out[p * 3 + c] = Math.min(255, Math.round(((sum[p * 3 + c] ?? 0) * 255) / w));
      filled.push(p);
    }
    for (const p of filled) known[p] = 255;
    if (open === 0 || filled.length === 0) break;
  }
  // A very large area not reached by the passes takes the average of what was known.
  const mean = [0, 0, 0];
  let count = 0;
  for (let p = 0; p < n; p++)
    if (known[p]) {
      for (let c = 0; c < 3; c++) mean[c] = (mean[c] ?? 0) + (out[p * 3 + c] ?? 0);
      count++;
    }
  for (let p = 0; p < n; p++)
    if (!known[p])
      for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.round((mean[c] ?? 0) / Math.max(1, count));
  return sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Where the paint is, in words an engine without masks can follow ('the lower left of the photo'). */
export function regionInWords(mask: PaintMask): string {
  let minX = mask.width;
  let minY = mask.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < mask.height; y++)
    for (let x = 0; x < mask.width; x++)
      if (mask.data[y * mask.width + x]) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  if (maxX < 0) return 'nowhere';
  const pct = (v: number, of: number) => Math.round((v / of) * 100);
  return `the area from ${pct(minX, mask.width)}% to ${pct(maxX + 1, mask.width)}% across and ${pct(minY, mask.height)}% to ${pct(maxY + 1, mask.height)}% down the photo (from the top left)`;
}

/** An image brought to `size` losslessly (a refine's answer, laid over the whole current image). */
export const resizedLossless = (image: Buffer, size: { width: number; height: number }) =>
  sharp(image).rotate().resize(size.width, size.height, { fit: 'fill' }).png().toBuffer();
