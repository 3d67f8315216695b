import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '@shared/domain';
import type { FoundChange } from './structure-regions';
import type { Scene } from './structure-scene';

/**
 * Regular vertical fins (a radiator's), counted on a part of the photo decoded at a finer size than the
 * check's: the mean brightness of each column, with the shading across the part taken out, repeats at a
 * pitch (its autocorrelation peaks there after a dip below zero), at least `MIN_FINS` times across, and the
 * upper and lower halves agree (the fins run down the panel). Books of uneven widths, a cabinet's two doors
 * or a sofa's cushions do not repeat so.
 */

/** A part of the photo in grey at a finer size, where a radiator's fins are apart (a few pixels a fin). */
export interface FinePhoto {
  width: number;
  height: number;
  grey: Float32Array;
}

/** Fins are counted at this many times the working size: real radiators' are 1-3 working pixels apart. */
const FINE_SCALE = 4;

/** Shortest fin spacing at the fine size (pixels), and the fewest fins across a radiator. */
const MIN_PITCH = 3;
const MIN_FINS = 8;
/** The fins' profile repeats: its autocorrelation at the pitch at least this, and this far below it in between. */
const REPEATS = 0.5;
const ALTERNATES = -0.2;
/** The fins run down the panel: the profiles of its upper and lower halves agree at least this well. */
const RUN_DOWN = 0.5;
/** The fins stand out: the profile's spread at least this share of the panel's brightness. */
const FIN_CONTRAST = 0.015;
/** Keeps the darkest parts from making large ratios of noise. */
const DARK = 8;

/** A column profile with its slow changes (shading across the panel) taken out. */
function detrended(profile: Float64Array, radius: number): Float64Array {
  const out = new Float64Array(profile.length);
  for (let x = 0; x < profile.length; x++) {
    let [sum, n] = [0, 0];
    for (let k = Math.max(0, x - radius); k <= Math.min(profile.length - 1, x + radius); k++) {
      sum += profile[k] ?? 0;
      n++;
    }
    out[x] = (profile[x] ?? 0) - sum / n;
  }
  return out;
}

/** Normalised correlation of two profiles, `lag` apart. */
function correlation(p: Float64Array, q: Float64Array, lag = 0): number {
  let [pq, pp, qq] = [0, 0, 0];
  for (let x = 0; x + lag < p.length; x++) {
    const [u, v] = [p[x] ?? 0, q[x + lag] ?? 0];
    pq += u * v;
    pp += u * u;
    qq += v * v;
  }
  return pp > 0 && qq > 0 ? pq / Math.sqrt(pp * qq) : 0;
}

/** Whether a part of the photo, at the fine size, shows regular vertical fins across it. */
export function finned(fine: FinePhoto): boolean {
  const { width, height, grey } = fine;
  const maxPitch = Math.floor(width / MIN_FINS);
  if (maxPitch < MIN_PITCH || height < 4) return false;
  const mid = Math.floor(height / 2);
  const profile = (from: number, to: number) => {
    const out = new Float64Array(width);
    for (let y = from; y < to; y++)
      for (let x = 0; x < width; x++) out[x] = (out[x] ?? 0) + (grey[y * width + x] ?? 0);
    return out.map((v) => v / (to - from));
  };
  const whole = profile(0, height);
  const level = whole.reduce((sum, v) => sum + v, 0) / width;
  const [all, upper, lower] = [whole, profile(0, mid), profile(mid, height)].map((p) =>
    detrended(p, maxPitch),
  );
  if (!all || !upper || !lower) return false;
  const spread = Math.sqrt(all.reduce((sum, v) => sum + v * v, 0) / width);
  const r = Array.from({ length: maxPitch + 1 }, (_, lag) => correlation(all, all, lag));
  if (spread < FIN_CONTRAST * (level + DARK) || correlation(upper, lower) < RUN_DOWN) return false;
  for (let pitch = MIN_PITCH; pitch <= maxPitch; pitch++) {
    const at = r[pitch] ?? 0;
    if (at < REPEATS || at < (r[pitch - 1] ?? 0) || at < (r[pitch + 1] ?? 0)) continue;
    if (Math.min(...r.slice(1, pitch)) <= ALTERNATES) return true;
  }
  return false;
}

/**
 * The photo inside a box of the working size (a little in from its sides: a panel's own edges against the
 * wall are no fins), decoded from the photo as given at `FINE_SCALE` times the working size.
 */
export async function fineCrop(source: Buffer, scene: Scene, box: FoundChange['box']): Promise<FinePhoto> {
  const meta = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const [sw, sh] = [meta.width ?? scene.width, meta.height ?? scene.height];
  // The part in working pixels, then at the fine size and in the photo's own pixels.
  const [ix, iy] = [0.08 * (box.x1 - box.x0 + 1), 0.1 * (box.y1 - box.y0 + 1)];
  const part = { x0: box.x0 + ix, y0: box.y0 + iy, x1: box.x1 + 1 - ix, y1: box.y1 + 1 - iy };
  const at = (k: number, limitW: number, limitH: number) => {
    const left = Math.min(limitW - 1, Math.max(0, Math.round(part.x0 * k)));
    const top = Math.min(limitH - 1, Math.max(0, Math.round(part.y0 * k)));
    const width = Math.max(1, Math.min(limitW - left, Math.round((part.x1 - part.x0) * k)));
    const height = Math.max(1, Math.min(limitH - top, Math.round((part.y1 - part.y0) * k)));
    return { left, top, width, height };
  };
  const [fw, fh] = [scene.width * FINE_SCALE, scene.height * FINE_SCALE];
  const fine = at(FINE_SCALE, fw, fh);
  // Cut first, then shrunk: only the photo's rows down to the part are decoded.
  const cut = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .extract(at(sw / scene.width, sw, sh))
    .resize(fine.width, fine.height, { fit: 'fill', kernel: 'linear' });
  const data = await cut.removeAlpha().greyscale().raw().toBuffer();
  return { width: fine.width, height: fine.height, grey: Float32Array.from(data) };
}
