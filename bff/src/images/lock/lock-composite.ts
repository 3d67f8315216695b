import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '@shared/domain';
import { blendAlpha, compositeEdit, type PaintMask } from '../edit/edit-mask';
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

/**
 * The result brought into the photo's frame at the photo's size: scaled and moved as the check found it
 * zoomed and shifted; where it does not reach, the photo itself.
 */
async function alignedToPhoto(
  photo: Buffer,
  result: Buffer,
  { alignment: t, workSize }: LockAlignment,
  W: number,
  H: number,
): Promise<Buffer> {
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
  if (cut.width < 1 || cut.height < 1) return photo;
  const scaled = await sharp(result, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(sw, sh, { fit: 'fill' })
    .extract(cut)
    .removeAlpha()
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS })
    .removeAlpha()
    .composite([{ input: scaled, left: Math.max(0, left), top: Math.max(0, top) }])
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * The result laid into the photo through the lock, at the photo's own size whatever size the model
 * answered at: outside the lock and its feathered edge every pixel is the photo's, by construction (the
 * edit tools' composite). Lined up first when the check found the result zoomed or shifted.
 */
export async function compositeThroughLock(
  photo: Buffer,
  result: Buffer,
  lock: PaintMask,
  lined?: LockAlignment,
): Promise<Buffer> {
  const meta = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const W = meta.width || 1;
  const H = meta.height || 1;
  const aligned = lined ? await alignedToPhoto(photo, result, lined, W, H) : result;
  // Read once more and stored as JPEG or WebP: a PNG without compression is enough on the way.
  return compositeEdit(photo, aligned, await lockAt(lock, W, H), 0);
}
