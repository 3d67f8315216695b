import { linesOf } from './structure-built-ins';
import { boxOf, components, dilate, maskOf, placeOf, type FoundChange } from './structure-regions';
import { channelGrade, type Scene } from './structure-scene';

/**
 * A doorway closed: the photo's opening (a plain hall or room beyond, between two straight jambs) is, in
 * the result, plain wall of the wall's own colour with no jambs left. The opening rule sees a doorway only
 * where the view through it is textured; a dim, plain hall beyond has nothing to lose but its colour.
 * Furniture set in the doorway is textured, and curtains or art taken off a wall have no straight jambs.
 */

/** Below this share of the height is the floor, where rugs and furniture change everything. */
const FLOOR = 0.85;
/** A colour step (of 255, any channel, over the picture's own grade) that the doorway's fill made. */
const STEP = 20;
/** The result's doorway area is within this share of the photo's step from the wall beside it. */
const MATCHES_WALL = 0.35;
/** A doorway's shape, as shares of the picture: its head above the horizon, its foot low, a door's width. */
const SHAPE = { maxTop: 0.45, minBottom: 0.55, minHeight: 0.25, minWidth: 0.04, maxWidth: 0.3, minFill: 0.5 };
/** A jamb: a line on this share of the rows of the doorway's upper part; gone: on fewer than `GONE`. */
const JAMB = 0.6;
const GONE = 0.3;
/** How far from the changed area's side a jamb is looked for (working pixels), and the wall strip beside it. */
const JAMB_REACH = 3;
const WALL_STRIP = 6;

/** The largest channel difference between two colours. */
const distance = (a: readonly number[], b: readonly number[]) =>
  Math.max(...[0, 1, 2].map((c) => Math.abs((a[c] ?? 0) - (b[c] ?? 0))));

/** Mean colour over a box (inclusive), of the pixels `keep` accepts; null when there are too few. */
function meanColour(
  scene: Scene,
  box: FoundChange['box'],
  keep: (i: number) => boolean = () => true,
): number[] | null {
  const { width: w, height: h, rgb } = scene;
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, box.y0); y <= Math.min(h - 1, box.y1); y++)
    for (let x = Math.max(0, box.x0); x <= Math.min(w - 1, box.x1); x++) {
      const i = y * w + x;
      if (!scene.valid[i] || !keep(i)) continue;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[3 * i + c] ?? 0);
      n++;
    }
  return n < 6 ? null : sum.map((s) => s / n);
}

/** The share of rows y0..y1 that have a vertical line at column x or next to it. */
function lineShare(lines: Uint8Array, w: number, x: number, y0: number, y1: number): number {
  let rows = 0;
  for (let y = y0; y <= y1; y++)
    if (lines[y * w + x] || lines[y * w + Math.max(0, x - 1)] || lines[y * w + Math.min(w - 1, x + 1)])
      rows++;
  return rows / (y1 - y0 + 1);
}

/** The column within `JAMB_REACH` of x where the photo's line runs longest, and how long (share of rows). */
function jambNear(lines: Uint8Array, w: number, x: number, y0: number, y1: number) {
  let best = { x, share: 0 };
  for (let xx = Math.max(1, x - JAMB_REACH); xx <= Math.min(w - 2, x + JAMB_REACH); xx++) {
    const share = lineShare(lines, w, xx, y0, y1);
    if (share > best.share) best = { x: xx, share };
  }
  return best;
}

/** Doorways of the photo that the result walls up; `plain`: plain wall's texture. */
export function doorwaysClosed(before: Scene, after: Scene, plain: number): FoundChange[] {
  const { width: w, height: h } = before;
  const grade = channelGrade(before, after);
  const filled = new Uint8Array(w * h);
  for (let i = 0; i < Math.floor(FLOOR * h) * w; i++) {
    if (!before.valid[i] || !after.valid[i] || (after.texture[i] ?? 0) > plain) continue;
    let step = 0;
    for (let c = 0; c < 3; c++)
      step = Math.max(step, Math.abs((after.rgb[3 * i + c] ?? 0) - (before.rgb[3 * i + c] ?? 0) * grade[c]!));
    if (step >= STEP) filled[i] = 1;
  }
  const [linesThen, linesNow] = [linesOf(before), linesOf(after)];
  const found: FoundChange[] = [];
  for (const px of components(dilate(filled, w, h, 2), w, h)) {
    const box = boxOf(px, w);
    const [bw, bh] = [box.x1 - box.x0 + 1, box.y1 - box.y0 + 1];
    if (box.y0 > SHAPE.maxTop * h || box.y1 < SHAPE.minBottom * h || bh < SHAPE.minHeight * h) continue;
    if (bw < SHAPE.minWidth * w || bw > SHAPE.maxWidth * w || px.length < SHAPE.minFill * bw * bh) continue;
    // Cut by the frame: a zoom or crop moves what is at the border.
    if (box.x0 <= WALL_STRIP || box.x1 >= w - 1 - WALL_STRIP || box.y0 <= 1) continue;
    // Straight jambs on both sides in the photo, above where furniture stands; gone in the result.
    const upper = { y0: box.y0, y1: box.y0 + Math.round(bh * 0.6) };
    const sides = [box.x0, box.x1].map((x) => jambNear(linesThen, w, x, upper.y0, upper.y1));
    if (sides.some((s) => s.share < JAMB)) continue;
    // A doorway beside the room's corner keeps that corner's line: one jamb gone is enough.
    if (sides.every((s) => lineShare(linesNow, w, s.x, upper.y0, upper.y1) >= GONE)) continue;
    // The wall beside the doorway, as each picture shows it, against what fills the doorway.
    const inner = { x0: box.x0 + JAMB_REACH, x1: box.x1 - JAMB_REACH, ...upper };
    const beside = (scene: Scene) => {
      const isPlain = (i: number) => (scene.texture[i] ?? 0) <= plain;
      const left = { x0: box.x0 - WALL_STRIP - JAMB_REACH, x1: box.x0 - JAMB_REACH - 1, ...upper };
      const right = { x0: box.x1 + JAMB_REACH + 1, x1: box.x1 + JAMB_REACH + WALL_STRIP, ...upper };
      return [meanColour(scene, left, isPlain), meanColour(scene, right, isPlain)].filter(
        (c): c is number[] => c !== null,
      );
    };
    const [fillThen, fillNow] = [meanColour(before, inner), meanColour(after, inner)];
    const [wallThen, wallNow] = [beside(before), beside(after)];
    if (!fillThen || !fillNow || !wallThen.length || !wallNow.length) continue;
    const stepThen = Math.min(...wallThen.map((c) => distance(c, fillThen)));
    const stepNow = Math.min(...wallNow.map((c) => distance(c, fillNow)));
    if (stepThen < STEP || stepNow > MATCHES_WALL * stepThen) continue;
    const pixels = maskOf(px, w * h);
    found.push({
      element: 'door',
      place: placeOf((box.x0 + box.x1) / 2, w),
      added: false,
      box,
      pixels,
      strength: Math.min(1, 0.4 + ((bw * bh) / (w * h)) * 10),
    });
  }
  return found;
}
