import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '@shared/domain';
import type { Alignment } from './structure-align';
import { dilate, plainLevel } from './structure-changes';
import { namedOnce, type StructureCheck } from './structure-check';
import { sceneOf } from './structure-scene';

/** A repair puts back one small element: more of the picture than this is not put back by pasting. */
const MAX_REPAIR_SHARE = 0.1;
/**
 * The rest of the room must be the photo's for a repair to stand for it: its edges line up as closely as
 * an edit of the photo's own pixels does (a restaging redrawn by the model lines up far less: on the real
 * pairs 0.6-1.2, pixel-aligned edits 1.24-1.56), and this share of its walls and ceiling keeps its surface.
 */
const MIN_FIT = 1.25;
const MIN_SAME_SURFACE = 0.75;
/** The repaired region reaches this far past the change (working pixels), then fades over the feather. */
const MARGIN = 3;
const FEATHER = 2.5;
/** Result pixels this much more textured than plain wall are furniture in front: kept as they are. */
const IN_FRONT = 3;
const RESULT_QUALITY = 90;

export interface Repair {
  image: Buffer;
  /** What was put back, in the agent's words ('the window on the left'). */
  restored: string[];
}

/**
 * True only when what was found is all that differs: one element in one place (never the whole room, a
 * changed surface or a second element), small, and the rest of the room lining up with the photo.
 * Where in doubt the result stays flagged with its named changes.
 */
export function repairable(check: StructureCheck): boolean {
  if (!check.flagged || namedOnce(check.changes).length !== 1) return false;
  if (check.changes.some((c) => c.element === 'room' || c.element === 'surface')) return false;
  // A doorway added runs from a window's head to the floor: a strip of the photo pasted in leaves its frame.
  if (check.changes.some((c) => c.element === 'door' && c.added)) return false;
  const share = check.changes.reduce((sum, c) => sum + c.region.width * c.region.height, 0);
  return (
    share > 0 &&
    share <= MAX_REPAIR_SHARE &&
    check.lineUp.fit >= MIN_FIT &&
    check.lineUp.surface >= MIN_SAME_SURFACE
  );
}

/** Where each result pixel (working size) is in the original's frame. */
function toOriginal(t: Alignment, w: number, h: number, x: number, y: number): [number, number] {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  return [Math.round(cx + (x - cx - t.dx) / t.sx), Math.round(cy + (y - cy - t.dy) / t.sy)];
}

/** The original drawn into the result's frame at the result's size: zoomed, squashed and shifted like it. */
async function originalInResultFrame(original: Buffer, t: Alignment, W: number, H: number, workW: number) {
  const k = W / workW;
  const sw = Math.max(1, Math.round(W * t.sx));
  const sh = Math.max(1, Math.round(H * t.sy));
  const left = Math.round((W - 1) / 2 - ((W - 1) / 2) * t.sx + t.dx * k);
  const top = Math.round((H - 1) / 2 - ((H - 1) / 2) * t.sy + t.dy * k);
  const scaled = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(sw, sh, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  const out = Buffer.alloc(W * H * 3);
  const covered = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const sy = y - top;
    if (sy < 0 || sy >= sh) continue;
    for (let x = 0; x < W; x++) {
      const sx = x - left;
      if (sx < 0 || sx >= sw) continue;
      const p = (sy * sw + sx) * 3;
      out[(y * W + x) * 3] = scaled[p] ?? 0;
      out[(y * W + x) * 3 + 1] = scaled[p + 1] ?? 0;
      out[(y * W + x) * 3 + 2] = scaled[p + 2] ?? 0;
      covered[y * W + x] = 1;
    }
  }
  return { rgb: out, covered };
}

/**
 * Puts the original's pixels back where a permanent element changed: lined up with the result, matched to
 * its light and colour around the place, with a soft edge, and only where the result shows a plain surface
 * (what stands in front, furniture, stays). The caller checks the repaired result again.
 */
export async function repairStructure(
  original: Buffer,
  result: Buffer,
  check: StructureCheck,
): Promise<Repair | null> {
  if (!repairable(check)) return null;
  const t = check.alignment;
  const { width: w, height: h } = check.workSize;
  const meta = await sharp(result, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const W = meta.width ?? 0;
  const H = meta.height ?? 0;
  if (!W || !H || !w || !h) return null;
  // Where to put back, in the result's frame at the working size: the changes, grown a little.
  const changed = new Uint8Array(w * h);
  for (const c of check.changes)
    for (let i = 0; i < changed.length; i++) if (c.found.pixels[i]) changed[i] = 1;
  const grown = dilate(changed, w, h, MARGIN);
  const small = await sharp(result).resize(w, h, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const scene = sceneOf(Float32Array.from(small), w, h, new Uint8Array(w * h).fill(1));
  const plain = plainLevel(scene.texture);
  const region = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [ox, oy] = toOriginal(t, w, h, x, y);
      if (ox >= 0 && oy >= 0 && ox < w && oy < h && grown[oy * w + ox]) region[y * w + x] = 1;
    }
  // A repaint: every pixel of the new paint goes back (what stands in front has other colours).
  const paint = check.changes.some((c) => c.element === 'wall-colour' || c.element === 'ceiling')
    ? spreadPaint(region, small, w, h)
    : new Uint8Array(w * h);
  const alpha = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (paint[y * w + x]) alpha[y * w + x] = 255;
      if (!region[y * w + x] || paint[y * w + x]) continue;
      const tex = scene.texture[y * w + x] ?? 0;
      // Plain wall where the element was: restored; textured (furniture in front): kept.
      const keep = Math.min(1, Math.max(0, (tex - plain) / ((IN_FRONT - 1) * plain)));
      alpha[y * w + x] = Math.round(255 * (1 - keep));
    }
  const softAlpha = await sharp(alpha, { raw: { width: w, height: h, channels: 1 } })
    .blur(FEATHER)
    .resize(W, H, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const base = await sharp(result, { limitInputPixels: MAX_INPUT_PIXELS })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  const back = await originalInResultFrame(original, t, W, H, w);
  const gains = gradeGains(base, back.rgb, back.covered, softAlpha);
  const out = Buffer.from(base);
  for (let i = 0; i < W * H; i++) {
    const a = ((softAlpha[i] ?? 0) / 255) * (back.covered[i] ?? 0);
    if (a <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const restored = Math.min(255, (back.rgb[i * 3 + c] ?? 0) * (gains[c] ?? 1));
      out[i * 3 + c] = Math.round((1 - a) * (base[i * 3 + c] ?? 0) + a * restored);
    }
  }
  const image = await sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: RESULT_QUALITY })
    .toBuffer();
  return { image, restored: namedOnce(check.changes) };
}

/** How close (sum over channels, 0..765) a pixel's colour is to the new paint's to be the same paint. */
const SAME_PAINT = 45;

/**
 * A repaint is found where it differs most; the new paint goes on around it over the wall: the region
 * grows over the result's pixels of the same colour as the paint found (furniture in front is not).
 */
function spreadPaint(region: Uint8Array, rgb: Buffer, w: number, h: number): Uint8Array {
  const painted = new Uint8Array(w * h);
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < region.length; i++)
    if (region[i]) {
      n++;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[i * 3 + c] ?? 0);
    }
  if (!n) return painted;
  const paint = sum.map((v) => v / n);
  const stack: number[] = [];
  for (let i = 0; i < region.length; i++)
    if (region[i] && near(i)) {
      painted[i] = 1;
      stack.push(i);
    }
  function near(i: number): boolean {
    return (
      Math.abs((rgb[i * 3] ?? 0) - (paint[0] ?? 0)) +
        Math.abs((rgb[i * 3 + 1] ?? 0) - (paint[1] ?? 0)) +
        Math.abs((rgb[i * 3 + 2] ?? 0) - (paint[2] ?? 0)) <
      SAME_PAINT
    );
  }
  while (stack.length) {
    const i = stack.pop() ?? 0;
    const x = i % w;
    const y = (i - x) / w;
    for (const j of [
      x > 0 ? i - 1 : -1,
      x < w - 1 ? i + 1 : -1,
      y > 0 ? i - w : -1,
      y < h - 1 ? i + w : -1,
    ]) {
      if (j < 0 || painted[j] || !near(j)) continue;
      painted[j] = 1;
      region[j] = 1;
      stack.push(j);
    }
  }
  return painted;
}

/**
 * Per channel, the result's grade over the original's: the median ratio over what was not repaired (most
 * of the room is unchanged), so the put-back pixels take the result's light and colour, not the photo's.
 */
function gradeGains(result: Buffer, original: Buffer, covered: Uint8Array, alpha: Buffer): number[] {
  const ratios: number[][] = [[], [], []];
  for (let i = 0; i < alpha.length; i += 7) {
    if (alpha[i] || !covered[i]) continue;
    for (let c = 0; c < 3; c++)
      ratios[c]?.push(((result[i * 3 + c] ?? 0) + 4) / ((original[i * 3 + c] ?? 0) + 4));
  }
  return ratios.map((r) => {
    r.sort((x, y) => x - y);
    return Math.min(1.6, Math.max(0.6, r[Math.floor(r.length / 2)] ?? 1));
  });
}
