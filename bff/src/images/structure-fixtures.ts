import type { Scene } from './structure-scene';
import { components, dilate, placeOf, type FoundChange } from './structure-regions';

/** The ceiling and its fixtures: the top of a level camera's picture. */
const CEILING_BAND = 0.3;
/** A fireplace stands on the floor against a wall: its box ends in the lower middle of the picture. */
const FIREPLACE_BAND = { top: 0.3, minBottom: 0.5, maxBottom: 0.88 };
/** Its firebox is dark: the changed pixels this much darker than the plain wall around them. */
const FIREBOX_DARKER = 0.8;
/** Smallest fixture and fireplace (share of the picture) and smallest side (share of the side). */
const MIN_FIXTURE = 0.002;
const MIN_FIREPLACE = 0.01;
const MIN_SIDE = 0.03;

function median(values: number[]): number {
  const s = values.sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** The changed pixels' brightness over that of the plain pixels in a ring as wide as a quarter of the box. */
function darkness(scene: Scene, px: number[], box: FoundChange['box'], plain: number): number {
  const { width: w, height: h, luma } = scene;
  const mx = Math.max(2, Math.round((box.x1 - box.x0) * 0.25));
  const my = Math.max(2, Math.round((box.y1 - box.y0) * 0.25));
  const ring: number[] = [];
  for (let y = Math.max(0, box.y0 - my); y <= Math.min(h - 1, box.y1 + my); y++)
    for (let x = Math.max(0, box.x0 - mx); x <= Math.min(w - 1, box.x1 + mx); x++) {
      const inBox = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      if (!inBox && scene.valid[y * w + x] && (scene.texture[y * w + x] ?? 0) <= plain)
        ring.push(luma[y * w + x] ?? 0);
    }
  if (ring.length < 8) return 1;
  return (median(px.map((i) => luma[i] ?? 0)) + 8) / (median(ring) + 8);
}

/** The box grown by 5% of the picture each way: the mantel and the firebox of one fireplace join. */
const grown = (b: FoundChange['box'], w: number, h: number) => ({
  x0: b.x0 - 0.05 * w,
  y0: b.y0 - 0.05 * h,
  x1: b.x1 + 0.05 * w,
  y1: b.y1 + 0.05 * h,
});

/** True when the result shows the plain surface around the box across it (within 10% of its brightness). */
function turnedInto(to: Scene, px: number[], box: FoundChange['box'], plain: number): boolean {
  const ratio = darkness(to, px, box, plain);
  return ratio > 0.9 && ratio < 1.1;
}

const overlaps = (a: FoundChange['box'], b: FoundChange['box']) =>
  a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;

/**
 * Ceiling fixtures and fireplaces that went: where the photo shows one (textured, a light high up; a dark
 * firebox low on a wall) and the result plain ceiling or wall. `known` are changes already named there.
 */
export function fixtureChanges(
  from: Scene,
  to: Scene,
  plain: number,
  known: readonly FoundChange[],
): FoundChange[] {
  const { width: w, height: h } = from;
  const mask = new Uint8Array(w * h);
  const bottom = Math.floor(h * FIREPLACE_BAND.maxBottom);
  for (let i = 0; i < w * bottom; i++) {
    if (!from.valid[i] || !to.valid[i]) continue;
    if ((from.texture[i] ?? 0) >= 2 * plain && (to.texture[i] ?? 0) <= plain) mask[i] = 1;
  }
  const found: FoundChange[] = [];
  for (const px of components(dilate(mask, w, h, 4), w, h)) {
    const xs = px.map((i) => i % w);
    const ys = px.map((i) => Math.floor(i / w));
    const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    const bw = box.x1 - box.x0 + 1;
    const bh = box.y1 - box.y0 + 1;
    if (bw < MIN_SIDE * w || bh < MIN_SIDE * h || box.x0 <= 1 || box.x1 >= w - 2) continue;
    if (known.some((k) => overlaps(k.box, box))) continue;
    const area = bw * bh;
    const ceiling = box.y1 < CEILING_BAND * h && area >= MIN_FIXTURE * w * h && box.y1 > 0.04 * h;
    const fireplace =
      !ceiling &&
      box.y0 >= FIREPLACE_BAND.top * h &&
      box.y1 >= FIREPLACE_BAND.minBottom * h &&
      area >= MIN_FIREPLACE * w * h &&
      bw >= 0.6 * bh &&
      darkness(from, px, box, plain) < FIREBOX_DARKER;
    // Gone means the ceiling or wall around it now runs through: furniture in front has its own colours.
    if ((!ceiling && !fireplace) || !turnedInto(to, px, box, plain)) continue;
    const element = ceiling ? 'ceiling-fixture' : 'fireplace';
    const near = found.find((f) => f.element === element && overlaps(grown(f.box, w, h), box));
    if (near) {
      for (const i of px) near.pixels[i] = 1;
      near.box = {
        x0: Math.min(near.box.x0, box.x0),
        y0: Math.min(near.box.y0, box.y0),
        x1: Math.max(near.box.x1, box.x1),
        y1: Math.max(near.box.y1, box.y1),
      };
      continue;
    }
    const pixels = new Uint8Array(w * h);
    for (const i of px) pixels[i] = 1;
    found.push({
      element,
      place: placeOf((box.x0 + box.x1) / 2, w),
      added: false,
      box,
      pixels,
      strength: Math.min(1, 0.4 + (area / (w * h)) * 10),
    });
  }
  return found;
}
