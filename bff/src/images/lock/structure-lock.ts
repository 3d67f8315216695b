import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '@shared/domain';
import type { PaintMask } from '../edit/edit-mask';
import { openingsOf } from './lock-openings';
import { builtOf, floorOf } from './lock-surfaces';
import { components } from '../structure/structure-regions';

/** The lock is decided at this long edge: walls, windows and fireplaces are large; cheap for every staging. */
export const LOCK_WORK_EDGE = 384;

/**
 * Above this share of the height a level room photo shows the ceiling, its fixtures and the upper walls
 * with the window heads: never changed by a listing staging. Furniture stands below it (a sofa's back,
 * a bed's headboard, a side table's lamp stay under a level camera's horizon).
 */
export const LOCK_TOP = 0.42;

/**
 * A level camera's horizon (share of the height) and how far above it furniture against a wall reaches, as
 * a share of the wall's foot below it: a wall whose foot is at the bottom of the photo is near, so its
 * furniture (a sofa, a headboard, a lamp on a side table) rises higher in the picture than a far wall's.
 */
const HORIZON = 0.5;
const REACH = 0.12;
/** Just above the floor's edge (skirting, sockets, vents) furniture stands whatever is there: share of the height. */
const FOOT = 0.04;

/**
 * What a listing staging may change in a photo, at the lock's working size (255 = may change): the floor
 * (grown from the bottom over its own colour) and the plain wall in front of which furniture stands, under
 * `LOCK_TOP`, less the windows, doorways and fireplace found there. Everything else (ceiling, fixtures,
 * upper walls, openings, built-ins, radiators: anything built, textured well beyond the plain wall) keeps
 * the photo's own pixels.
 */
export async function structureLock(photo: Buffer): Promise<PaintMask> {
  const image = sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS });
  const meta = await image.metadata();
  const w0 = meta.width || 1;
  const h0 = meta.height || 1;
  const scale = LOCK_WORK_EDGE / Math.max(w0, h0);
  const width = Math.max(16, Math.round(w0 * scale));
  const height = Math.max(16, Math.round(h0 * scale));
  const small = image
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .removeAlpha()
    .toColourspace('srgb');
  const [rgb, smooth] = await Promise.all([
    small.clone().raw().toBuffer(),
    // Tiles' grout and planks' seams blurred away: the floor grows over its own colour.
    small.clone().blur(1.2).raw().toBuffer(),
  ]);
  const openings = openingsOf(rgb, width, height);
  const built = builtOf(rgb, width, height);
  const { floor, edge } = floorOf(smooth, width, height, LOCK_TOP);
  const data = Buffer.alloc(width * height);
  const horizon = HORIZON * height;
  for (let x = 0; x < width; x++) {
    const foot = edge[x] ?? height;
    const reach = Math.max(LOCK_TOP * height, Math.round(horizon - REACH * Math.max(0, foot - horizon)));
    const skirting = foot - FOOT * height;
    for (let y = reach; y < height; y++) {
      const i = y * width + x;
      // The floor takes furniture whatever its pattern; on the walls only plain space is free.
      if (!openings[i] && (floor[i] || y >= skirting || !built[i])) data[i] = 255;
    }
  }
  return { data: standingOnFloor(data, floor, width, height), width, height };
}

/**
 * Only the free space furniture can stand in: parts that reach the floor (or, where none was found, the
 * bottom of the photo). A plain patch on a door or between window frames is no place for furniture.
 */
function standingOnFloor(data: Buffer, floor: Uint8Array, w: number, h: number): Buffer {
  const free = Uint8Array.from(data, (v) => (v ? 1 : 0));
  const anyFloor = floor.some((v) => v > 0);
  const out = Buffer.alloc(w * h);
  for (const px of components(free, w, h)) {
    const stands = px.some((i) => (anyFloor ? floor[i] : i >= (h - 1) * w));
    if (stands) for (const i of px) out[i] = 255;
  }
  return out;
}

/** The share of the photo a lock lets change (0..1). */
export const lockShare = (lock: PaintMask): number =>
  lock.data.reduce((n, v) => n + (v > 0 ? 1 : 0), 0) / Math.max(1, lock.data.length);
