import { boxOf, components, dilate, maskOf, placeOf, type FoundChange } from './structure-regions';
import type { Scene } from './structure-scene';

/**
 * A door built over: the photo's door (two jambs and a head around a leaf) is, in the result, covered up to
 * its head by a block of dense new texture (shelving, a wine rack, a cabinet). Furniture stood in front of a
 * door covers its lower half only, and art or a lamp beside a door is not between its jambs.
 */

/** New texture: at least this many times the photo's there (and than plain wall). */
const DENSER = 3;
/** Below this share of the height is the floor, where rugs and furniture change everything. */
const FLOOR = 0.85;
/** The block reaches up to a door's head (above a level camera's horizon) and is tall. */
const BLOCK = { maxTop: 0.42, minHeight: 0.22, minWidth: 0.05, maxWidth: 0.35, minFill: 0.7 };
/** A door's width, as shares of the picture's. */
const DOOR_WIDTH = { min: 0.05, max: 0.3 };
/** An edge: a brightness step of this share of the local brightness, across more than along. */
const STEP = 0.06;
/** A jamb runs along this share of the rows it is looked for in; a head along this share of the door's width. */
const JAMB_RUN = 0.6;
const HEAD_RUN = 0.7;
/** A door is at least this tall (share of the height) below its head: a window's frame ends at its sill. */
const DOOR_HEIGHT = 0.28;
/** The new texture covers at least this share of the door's leaf below its head. */
const COVERED = 0.5;

/** Keeps the darkest corners from turning noise into edges. */
const DARK = 12;

/** Whether the photo has an edge across x (a vertical line) or across y (a horizontal one) at (x, y). */
function stepAt(luma: Float32Array, w: number, h: number, x: number, y: number, across: 'x' | 'y'): boolean {
  const at = (xx: number, yy: number) =>
    luma[Math.min(h - 1, Math.max(0, yy)) * w + Math.min(w - 1, Math.max(0, xx))] ?? 0;
  const dx = Math.abs(at(x + 1, y) - at(x - 1, y));
  const dy = Math.abs(at(x, y + 1) - at(x, y - 1));
  const [step, along] = across === 'x' ? [dx, dy] : [dy, dx];
  const local = across === 'x' ? (at(x + 1, y) + at(x - 1, y)) / 2 : (at(x, y + 1) + at(x, y - 1)) / 2;
  return step >= STEP * (local + DARK) && step > 2 * along;
}

/** 1 where `stepAt` finds a vertical line (an edge across x), for every pixel of the picture at once. */
function verticalLines(luma: Float32Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const [up, down] = [Math.max(0, y - 1) * w, Math.min(h - 1, y + 1) * w];
    for (let x = 1; x < w - 1; x++) {
      const [l, r] = [luma[y * w + x - 1] ?? 0, luma[y * w + x + 1] ?? 0];
      const dx = Math.abs(r - l);
      const dy = Math.abs((luma[down + x] ?? 0) - (luma[up + x] ?? 0));
      if (dx >= STEP * ((l + r) / 2 + DARK) && dx > 2 * dy) out[y * w + x] = 1;
    }
  }
  return out;
}

/** Each picture's vertical lines, found once: the photo's serve every result of its staging. */
const linesByLuma = new WeakMap<Float32Array, Uint8Array>();

/** `verticalLines` of a scene, remembered for its brightness plane. */
export function linesOf(scene: Scene): Uint8Array {
  let lines = linesByLuma.get(scene.luma);
  if (!lines) {
    lines = verticalLines(scene.luma, scene.width, scene.height);
    linesByLuma.set(scene.luma, lines);
  }
  return lines;
}

/** Whether the photo has a vertical line at column x over most of the rows y0..y1. */
function jambAt(scene: Scene, x: number, y0: number, y1: number): boolean {
  const { width: w, height: h, luma } = scene;
  let run = 0;
  for (let y = Math.max(0, y0); y <= Math.min(h - 1, y1); y++) if (stepAt(luma, w, h, x, y, 'x')) run++;
  return run >= JAMB_RUN * (y1 - y0 + 1);
}

/** Columns from x0 to x1 where the photo has a vertical line over most of the rows y0..y1. */
function jambs(scene: Scene, x0: number, x1: number, y0: number, y1: number): number[] {
  const out: number[] = [];
  for (let x = Math.max(1, x0); x <= Math.min(scene.width - 2, x1); x++)
    if (jambAt(scene, x, y0, y1)) out.push(x);
  return out;
}

/** The rows, from y0 to y1, where a horizontal line joins the two jambs (a door's head, or a line near it). */
function headsBetween(scene: Scene, a: number, b: number, y0: number, y1: number): number[] {
  const { width: w, height: h, luma } = scene;
  const out: number[] = [];
  for (let y = Math.max(1, y0); y <= Math.min(h - 2, y1); y++) {
    let run = 0;
    for (let x = a; x <= b; x++)
      if (stepAt(luma, w, h, x, y, 'y') || stepAt(luma, w, h, x, y + 1, 'y')) run++;
    if (run >= HEAD_RUN * (b - a + 1)) out.push(y);
  }
  return out;
}

/** Doors of the photo that the result covers with a built-in, up to their head; `plain`: plain wall's texture. */
export function doorsBuiltOver(before: Scene, after: Scene, plain: number): FoundChange[] {
  const { width: w, height: h } = before;
  const denser = new Uint8Array(w * h);
  for (let i = 0; i < Math.floor(FLOOR * h) * w; i++)
    if (
      before.valid[i] &&
      after.valid[i] &&
      (after.texture[i] ?? 0) >= DENSER * Math.max(before.texture[i] ?? 0, plain)
    )
      denser[i] = 1;
  const found: FoundChange[] = [];
  for (const px of components(dilate(denser, w, h, 2), w, h)) {
    const { x0, y0, x1, y1 } = boxOf(px, w);
    const [bw, bh] = [x1 - x0 + 1, y1 - y0 + 1];
    if (y0 > BLOCK.maxTop * h || bh < BLOCK.minHeight * h) continue;
    if (bw < BLOCK.minWidth * w || bw > BLOCK.maxWidth * w || px.length < BLOCK.minFill * bw * bh) continue;
    // Cut by the frame: a zoom or crop moves what is at the border.
    if (x0 <= 1 || x1 >= w - 2 || y0 <= 1) continue;
    const door = doorUnder(before, denser, { x0, y0, x1, y1 });
    if (!door) continue;
    const pixels = maskOf(px, w * h);
    found.push({
      element: 'door',
      place: placeOf((door.a + door.b) / 2, w),
      added: false,
      box: { x0, y0, x1, y1 },
      pixels,
      strength: Math.min(1, 0.4 + ((bw * bh) / (w * h)) * 10),
    });
  }
  return found;
}

/** The photo's door under a block of new texture: jambs at most a few pixels outside it, a head, its leaf covered. */
function doorUnder(
  before: Scene,
  denser: Uint8Array,
  box: FoundChange['box'],
): { a: number; b: number } | null {
  const { width: w, height: h } = before;
  const lines = jambs(before, box.x0 - 3, box.x1 + 3, box.y0, box.y1);
  for (const a of lines)
    for (const b of lines) {
      if (b - a < DOOR_WIDTH.min * w || b - a > DOOR_WIDTH.max * w) continue;
      const heads = headsBetween(before, a, b, box.y0 - Math.round(0.08 * h), box.y0 + Math.round(0.1 * h));
      for (const head of heads) {
        // Both jambs rise to the head and run down a door's height (not a ceiling line over a door and a window).
        const foot = head + Math.round(DOOR_HEIGHT * h);
        const top = head + Math.round((DOOR_HEIGHT * h) / 4);
        const rise = (x: number) => jambAt(before, x, head + 1, top) && jambAt(before, x, head + 1, foot);
        if (!rise(a) || !rise(b)) continue;
        let covered = 0;
        let leaf = 0;
        for (let y = head + 1; y <= box.y1; y++)
          for (let x = a + 1; x < b; x++) {
            leaf++;
            covered += denser[y * w + x] ?? 0;
          }
        if (leaf > 0 && covered >= COVERED * leaf) return { a, b };
      }
    }
  return null;
}
