import { brightnessGrade } from './structure-changes';
import { lab, labDistance } from './structure-colour';
import { fineCrop, finned } from './structure-fins';
import { boxMask, boxOf, components, dilate, median, placeOf, type FoundChange } from './structure-regions';
import type { Scene } from './structure-scene';

/**
 * A radiator taken away: low on a wall, the photo shows a grey or white panel of regular vertical fins
 * with wall around it, and the result there is plain wall, as smooth as the wall around it and of its
 * colour. Furniture stood in front of a radiator is not plain wall; a sofa or a bookcase taken away in a
 * declutter has no regular fins. Fins are a few working pixels apart or less, so they are counted on the
 * photo at a finer size (`structure-fins.ts`), only where the working size found what may be a radiator.
 */

/** Where a radiator's middle may be, as shares of the height: below a level camera's horizon, above the floor. */
const ZONE = { from: 0.4, to: 0.85 };
/** Its box, as shares of the picture's sides. */
const SIZE = { minWidth: 0.03, maxWidth: 0.45, minHeight: 0.025, maxHeight: 0.35 };
/** What was there fills at least this share of its box (a panel, not a chair's legs). */
const MIN_FILL = 0.5;
/** The photo differs from the result: this much brighter or darker after the overall grade. */
const OTHER_LEVEL = 0.06;
/** Smooth: contrast edges at most this many times the plain wall's texture (grain and shading stay below). */
const SMOOTH = 3;
/** Fins this many working pixels apart (or less) join into one block (side by side, not up and down). */
const JOIN = 4;
/** Painted metal: its colour at most this far from grey (CIELAB chroma). */
const GREYISH = 14;
/** The result there is the wall around it: at most this CIELAB difference (lightness counting half). */
const WALL_MATCH = 7;
/** At least this share of the ring around it is wall (smooth in the photo and in the result). */
const RING_SMOOTH = 0.15;
/**
 * Fine-grained roughness (the mean of `steps`): the result's over the box at most this many times its wall's (or
 * the floor, for a wall without grain), and the photo's there at least this many times the result's.
 */
const AS_ROUGH = 1.5;
const ROUGH_FLOOR = 0.01;
const ROUGHER = 2;
/** A pixel rough as fins: its 3x3 mean step at least this share of its brightness (grain and JPEG stay below). */
const ROUGH = 0.02;
/** Keeps the darkest corners from making large ratios of noise. */
const DARK = 8;
/** At most this many candidates a result have their fins counted (each decodes a part of the photo again). */
const MAX_DECODED = 3;
/** Judged this far in from the box's sides: the blur and gradient reach in from the sill or skirting. */
const EDGE = 2;

const colourOf = (scene: Scene, px: readonly number[]) =>
  [0, 1, 2].map((c) => median(px.map((i) => scene.rgb[3 * i + c] ?? 0))) as [number, number, number];

/**
 * The wall around a box (a quarter of its size each way, at least 2 pixels): smooth in the photo and in
 * the result, so neither the element itself nor furniture beside it.
 */
function wallRing(before: Scene, after: Scene, box: FoundChange['box'], smooth: number) {
  const { width: w, height: h } = before;
  const mx = Math.max(2, Math.round((box.x1 - box.x0) * 0.25));
  const my = Math.max(2, Math.round((box.y1 - box.y0) * 0.25));
  const px: number[] = [];
  let all = 0;
  for (let y = Math.max(0, box.y0 - my); y <= Math.min(h - 1, box.y1 + my); y++)
    for (let x = Math.max(0, box.x0 - mx); x <= Math.min(w - 1, box.x1 + mx); x++) {
      if (x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1) continue;
      const i = y * w + x;
      if (!before.valid[i] || !after.valid[i]) continue;
      all++;
      if ((before.edges[i] ?? 0) <= smooth && (after.edges[i] ?? 0) <= smooth) px.push(i);
    }
  return { px, all };
}

/** Each pixel's step across it, left to right, over its brightness (unblurred: fins a pixel or two apart show). */
function steps(luma: Float32Array, w: number): Float32Array {
  const out = new Float32Array(luma.length);
  for (let i = 0; i < luma.length; i++) {
    const x = i % w;
    const [l, r] = [luma[i - (x > 0 ? 1 : 0)] ?? 0, luma[i + (x < w - 1 ? 1 : 0)] ?? 0];
    out[i] = Math.abs(r - l) / ((l + r) / 2 + DARK);
  }
  return out;
}

const meanOf = (values: Float32Array, px: readonly number[]) =>
  px.length ? px.reduce((sum, i) => sum + (values[i] ?? 0), 0) / px.length : 0;

/** The mean over each pixel's 3x3 (as far as the picture goes), one way then the other. */
function mean3(values: Float32Array, w: number): Float32Array {
  const across = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const x = i % w;
    const [l, r] = [x > 0 ? 1 : 0, x < w - 1 ? 1 : 0];
    across[i] = ((values[i - l] ?? 0) + (values[i] ?? 0) + (values[i + r] ?? 0)) / (1 + l + r);
  }
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const [u, d] = [i >= w ? w : 0, i + w < values.length ? w : 0];
    out[i] =
      ((across[i - u] ?? 0) + (across[i] ?? 0) + (across[i + d] ?? 0)) / (1 + (u ? 1 : 0) + (d ? 1 : 0));
  }
  return out;
}

/** 1 where the pixel and its 8 neighbours are all 1. */
function eroded(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      let all = 1;
      for (let dy = -1; dy <= 1 && all; dy++)
        for (let dx = -1; dx <= 1; dx++) all &= mask[(y + dy) * w + x + dx] ?? 0;
      out[y * w + x] = all;
    }
  return out;
}

/** A mask grown sideways by `r` pixels each way. */
function widened(mask: Uint8Array, w: number, r: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % w;
    for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) out[i - x + k] = 1;
  }
  return out;
}

/**
 * What, at the working size, may be a radiator the result took away: low on a wall of the photo, a
 * greyish block of vertical lines (its fins, or what is left of them at this size) that the result
 * shows as smooth wall of the colour around it (furniture in front is not).
 */
export function radiatorCandidates(before: Scene, after: Scene, plain: number): FoundChange['box'][] {
  const { width: w, height: h } = before;
  // Only the band of rows a radiator can reach is looked at (pixel `j` of the band is `j + top * w`).
  const top = Math.max(0, Math.floor((ZONE.from - SIZE.maxHeight / 2) * h));
  const rows = Math.min(h - 1, Math.ceil(ZONE.to * h)) - top + 1;
  const band = (values: Float32Array) => values.subarray(top * w, (top + rows) * w);
  const [stepsThen, stepsNow] = [steps(band(before.luma), w), steps(band(after.luma), w)];
  const [roughThen, roughNow] = [mean3(stepsThen, w), mean3(stepsNow, w)];
  // Brightness over 3x3: fins a working pixel or two apart blur into their panel's shade.
  const [then, now] = [mean3(band(before.luma), w), mean3(band(after.luma), w)];
  const smooth = SMOOTH * plain;
  const grade = brightnessGrade(before, after);
  const gone = new Uint8Array(w * rows);
  for (let j = 0; j < gone.length; j++) {
    const i = j + top * w;
    if (!before.valid[i] || !after.valid[i] || (after.edges[i] ?? 0) > smooth) continue;
    const ratio = ((now[j] ?? 0) + 8) / ((then[j] ?? 0) + 8) / grade;
    const rough = roughThen[j] ?? 0;
    if ((rough >= ROUGH && rough >= ROUGHER * (roughNow[j] ?? 0)) || Math.abs(ratio - 1) >= OTHER_LEVEL)
      gone[j] = 1;
  }
  const found: FoundChange['box'][] = [];
  // Fins a few pixels apart join into one block; opened (3x3), a thin sill or skirting line a zoom moved
  // does not join it to its neighbours.
  for (const px of components(dilate(eroded(widened(gone, w, JOIN), w, rows), w, rows, 1), w, rows)) {
    const wide = boxOf(px, w);
    // As wide as what was found, not as the joining made it; in the picture's rows.
    const box = {
      x0: Math.min(wide.x0 + JOIN, wide.x1),
      y0: wide.y0 + top,
      x1: Math.max(wide.x1 - JOIN, wide.x0),
      y1: wide.y1 + top,
    };
    const [bw, bh] = [box.x1 - box.x0 + 1, box.y1 - box.y0 + 1];
    const cy = (box.y0 + box.y1) / 2 / h;
    if (cy < ZONE.from || cy > ZONE.to) continue;
    if (bw < SIZE.minWidth * w || bw > SIZE.maxWidth * w || bw < 2 * EDGE + 3) continue;
    if (bh < SIZE.minHeight * h || bh > SIZE.maxHeight * h || bh < 2 * EDGE + 3) continue;
    if (px.length < MIN_FILL * (wide.x1 - wide.x0 + 1) * bh) continue;
    // Cut by the frame: a zoom or crop moves what is at the border.
    if (box.x0 <= 1 || box.x1 >= w - 2 || box.y1 >= h - 2) continue;
    const inner: number[] = [];
    for (let y = box.y0 + EDGE; y <= box.y1 - EDGE; y++)
      for (let x = box.x0 + EDGE; x <= box.x1 - EDGE; x++) inner.push(y * w + x);
    // The photo was far rougher there than the result (its fins); the result is as fine-grained as the
    // wall around it (the photo's wall, still wall in the result) and of its colour.
    const inBand = inner.map((i) => i - top * w);
    const [wasRough, isRough] = [meanOf(stepsThen, inBand), meanOf(stepsNow, inBand)];
    if (wasRough < ROUGHER * isRough) continue;
    if (Math.hypot(...lab(...colourOf(before, inner)).slice(1)) > GREYISH) continue;
    const ring = wallRing(before, after, box, smooth);
    if (ring.px.length < RING_SMOOTH * ring.all) continue;
    const roughWall = meanOf(
      stepsNow,
      ring.px.filter((i) => i >= top * w && i < (top + rows) * w).map((i) => i - top * w),
    );
    if (isRough > AS_ROUGH * Math.max(roughWall, ROUGH_FLOOR)) continue;
    if (labDistance(lab(...colourOf(after, inner)), lab(...colourOf(after, ring.px))) > WALL_MATCH) continue;
    found.push(box);
  }
  return found;
}

/**
 * The radiators of the photo the result took away, each with its place ('the radiator on the left'):
 * what the working size found may be one, with its fins counted on the photo at the finer size.
 */
export async function radiatorsRemoved(
  before: { scene: Scene; source: Buffer },
  after: Scene,
  plain: number,
): Promise<FoundChange[]> {
  const { width: w, height: h } = before.scene;
  const found: FoundChange[] = [];
  // The largest few: each is decoded again from the photo.
  const candidates = radiatorCandidates(before.scene, after, plain)
    .sort((a, b) => (b.x1 - b.x0) * (b.y1 - b.y0) - (a.x1 - a.x0) * (a.y1 - a.y0))
    .slice(0, MAX_DECODED);
  for (const box of candidates) {
    if (!finned(await fineCrop(before.source, before.scene, box))) continue;
    const pixels = boxMask(box, w, h);
    const area = (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1);
    found.push({
      element: 'radiator',
      place: placeOf((box.x0 + box.x1) / 2, w),
      added: false,
      box,
      pixels,
      strength: Math.min(1, 0.4 + (area / (w * h)) * 10),
    });
  }
  return found;
}
