import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '@shared/domain';
import { blendAlpha, type PaintMask } from '../edit/edit-mask';
import type { Alignment } from '../structure/structure-align';

/** How a result lines up with the photo, as the structure check found it (at its working size). */
export interface LockAlignment {
  alignment: Alignment;
  workSize: { width: number; height: number };
}

/** The lock drawn at `width` x `height` (smooth edges, then hard again: the feather comes after). */
async function lockAt(lock: PaintMask, width: number, height: number): Promise<PaintMask> {
  if (lock.width === width && lock.height === height) return lock;
  const data = await sharp(lock.data, { raw: { width: lock.width, height: lock.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .threshold(128)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data, width, height };
}

/**
 * How much of the result each pixel of a `width` x `height` photo takes (0..255): the edit tools' feathered
 * blend of the lock. Where it is 0 the composite is the photo's own pixel.
 */
export async function lockAlpha(lock: PaintMask, width: number, height: number): Promise<Buffer> {
  return blendAlpha(await lockAt(lock, width, height));
}

/** Raw RGB pixels and where they sit in the photo's frame. */
interface Placed {
  data: Buffer;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The result in the photo's frame at the photo's size: scaled and moved as the check found it zoomed and
 * shifted (or stretched over the frame when not lined up); null where it does not reach the photo at all.
 */
async function placedInPhoto(
  result: Buffer,
  W: number,
  H: number,
  lined?: LockAlignment,
): Promise<Placed | null> {
  const image = sharp(result, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const raw = (i: Sharp) => i.removeAlpha().toColourspace('srgb').raw().toBuffer();
  if (!lined) {
    const data = await raw(image.resize(W, H, { fit: 'fill' }));
    return { data, left: 0, top: 0, width: W, height: H };
  }
  const { alignment: t, workSize } = lined;
  const kx = W / workSize.width;
  const ky = H / workSize.height;
  const sw = Math.max(1, Math.round(W / t.sx));
  const sh = Math.max(1, Math.round(H / t.sy));
  // A result pixel x sits at cx + (x - cx - dx) / sx of the photo (the check's mapping, inverted).
  const left = Math.round((W - 1) / 2 + (-(W - 1) / 2 - t.dx * kx) / t.sx);
  const top = Math.round((H - 1) / 2 + (-(H - 1) / 2 - t.dy * ky) / t.sy);
  const cut = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    width: Math.min(sw, W - left) - Math.max(0, -left),
    height: Math.min(sh, H - top) - Math.max(0, -top),
  };
  if (cut.width < 1 || cut.height < 1) return null;
  const data = await raw(image.resize(sw, sh, { fit: 'fill' }).extract(cut));
  return { data, left: Math.max(0, left), top: Math.max(0, top), width: cut.width, height: cut.height };
}

/** The photo's pixels and the lock's feathered alpha at the photo's size: what every result of a staging is laid into. */
export interface LockPlate {
  photo: Buffer;
  alpha: Buffer;
  width: number;
  height: number;
}

/**
 * The photo decoded and the lock feathered at its size, once per staging: made while the provider works, so
 * a result only has to be scaled into place and blended.
 */
export async function lockPlate(photo: Buffer, lock: PaintMask): Promise<LockPlate> {
  const { data, info } = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [width, height] = [info.width, info.height];
  return { photo: data, alpha: await lockAlpha(lock, width, height), width, height };
}

/**
 * The result laid into the photo through the lock, at the photo's own size whatever size the model
 * answered at: outside the lock and its feathered edge every pixel is the photo's, by construction (the
 * edit tools' feathered blend). Lined up first when the check found the result zoomed or shifted. In raw
 * pixels: nothing is encoded on the way but the composite.
 */
export async function compositeOnPlate(
  plate: LockPlate,
  result: Buffer,
  lined?: LockAlignment,
): Promise<Buffer> {
  const { photo: from, alpha, width: W, height: H } = plate;
  const placed = await placedInPhoto(result, W, H, lined);
  const out = Buffer.from(from);
  if (placed) {
    const { data: to, left, top, width, height } = placed;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const p = (y + top) * W + x + left;
        const a = alpha[p] ?? 0;
        if (a === 0) continue;
        const q = (y * width + x) * 3;
        for (let c = 0; c < 3; c++)
          out[p * 3 + c] = Math.round(((from[p * 3 + c] ?? 0) * (255 - a) + (to[q + c] ?? 0) * a) / 255);
      }
  }
  // Read once more and stored as JPEG or WebP: a PNG without compression is enough on the way.
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** `compositeOnPlate` for one result alone (the preview engine, a draft). */
export async function compositeThroughLock(
  photo: Buffer,
  result: Buffer,
  lock: PaintMask,
  lined?: LockAlignment,
): Promise<Buffer> {
  return compositeOnPlate(await lockPlate(photo, lock), result, lined);
}
