import { orientationGap, type Gradients, type Plane } from './structure-edges';

/** One image at the working size: its colours, standardised grey, gradients and long straight edges. */
export interface WorkImage {
  width: number;
  height: number;
  rgb: Buffer;
  plane: Plane;
  gradients: Gradients;
  /** 1 on the pixels of long straight edges. */
  lines: Uint8Array;
}

/** How the result lines up with the original: scaled about the centre, then moved (working pixels). */
export interface Shift {
  dx: number;
  dy: number;
  scale: number;
}

/** Where a pixel of the original is in the result. */
export function toAfter(t: Shift, w: number, h: number, x: number, y: number): [number, number] {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  return [Math.round(cx + (x - cx) * t.scale + t.dx), Math.round(cy + (y - cy) * t.scale + t.dy)];
}

/** Where a pixel of the result is in the original. */
export function toBefore(t: Shift, w: number, h: number, x: number, y: number): [number, number] {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  return [Math.round(cx + (x - t.dx - cx) / t.scale), Math.round(cy + (y - t.dy - cy) / t.scale)];
}

/** Image models may also zoom a little: scales tried, then refined by half a step. */
const SCALES = [0.97, 0.985, 1, 1.015, 1.03];
const SCALE_STEP = 0.0075;

/** How far the result may have moved against the original: 2% of the width each way. */
const MAX_SHIFT = 0.02;
/** An edge still counts as there when found this many pixels away, at a similar orientation. */
const MATCH_RADIUS = 2;
const MATCH_ANGLE = Math.PI / 7;
/** Any edge at this strength (weaker than a line's) can be the other image's copy of a line. */
const MATCH_THRESHOLD = 0.45;

/**
 * How much a row counts: the upper part (walls, windows, doors' heads) fully, then less towards the
 * floor, where furniture is expected and covers the skirting and the floorboards.
 */
export function rowWeight(y: number, height: number): number {
  const t = y / height;
  if (t <= 0.4) return 1;
  if (t >= 0.75) return 0.05;
  return 1 - ((t - 0.4) / 0.35) * 0.95;
}

/**
 * The shift (within ±2% of the width) and zoom (within ±3%) that put most of the original's line pixels
 * onto result edges.
 */
export function alignment(before: WorkImage, after: WorkImage): Shift {
  const { width: w, height: h } = before;
  const reach = Math.max(1, Math.round(w * MAX_SHIFT));
  const all: number[] = [];
  for (let i = 0; i < before.lines.length; i++) if (before.lines[i]) all.push(i);
  const step = Math.max(1, Math.floor(all.length / 4000));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = 0; k < all.length; k += step) {
    const i = all[k] ?? 0;
    xs.push((i % w) - (w - 1) / 2);
    ys.push(Math.floor(i / w) - (h - 1) / 2);
  }
  const mag = after.gradients.magnitude;
  // The coarse search looks at every third sample; the refinement at all of them.
  let stride = 3;
  const score = (t: Shift): number => {
    let sum = 0;
    const ox = (w - 1) / 2 + t.dx;
    const oy = (h - 1) / 2 + t.dy;
    for (let k = 0; k < xs.length; k += stride) {
      const x = Math.round(ox + (xs[k] ?? 0) * t.scale);
      const y = Math.round(oy + (ys[k] ?? 0) * t.scale);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      sum += Math.min(4, mag[y * w + x] ?? 0);
    }
    // Ties go to no change: an unchanged image stays where it is.
    return sum - 1e-6 * (t.dx * t.dx + t.dy * t.dy) - 0.01 * Math.abs(t.scale - 1);
  };
  let best: Shift = { dx: 0, dy: 0, scale: 1 };
  let bestScore = score(best);
  const consider = (t: Shift) => {
    const value = score(t);
    if (value > bestScore) {
      bestScore = value;
      best = t;
    }
  };
  // Every second shift first (the blurred edges are wider than that), then the neighbours of the best.
  for (const scale of SCALES)
    for (let dy = -reach; dy <= reach; dy += 2)
      for (let dx = -reach; dx <= reach; dx += 2) consider({ dx, dy, scale });
  const coarse = best;
  stride = 1;
  bestScore = score(coarse);
  for (const ds of [-SCALE_STEP, 0, SCALE_STEP])
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        if (dx || dy || ds) consider({ dx: coarse.dx + dx, dy: coarse.dy + dy, scale: coarse.scale + ds });
  return best;
}

/** True when `grad` has an edge near (x, y) oriented like `orientation`. */
function edgeNear(grad: Gradients, x: number, y: number, orientation: number): boolean {
  const { width: w, height: h, magnitude, angle } = grad;
  for (let yy = Math.max(0, y - MATCH_RADIUS); yy <= Math.min(h - 1, y + MATCH_RADIUS); yy++) {
    for (let xx = Math.max(0, x - MATCH_RADIUS); xx <= Math.min(w - 1, x + MATCH_RADIUS); xx++) {
      const j = yy * w + xx;
      if ((magnitude[j] ?? 0) >= MATCH_THRESHOLD && orientationGap(angle[j] ?? 0, orientation) <= MATCH_ANGLE)
        return true;
    }
  }
  return false;
}

export interface EdgeChange {
  /** Weighted share of the original's long edges the result no longer has (0..1). */
  missing: number;
  /** Weighted share of the result's long edges the original does not have (0..1). */
  added: number;
  /** Per pixel of the original's frame: 1 = a line gone, 2 = a line new. */
  changed: Uint8Array;
}

/** Long straight edges looked for in the other image, both ways, after the shift. */
export function edgeChange(before: WorkImage, after: WorkImage, shift: Shift): EdgeChange {
  const { width: w, height: h } = before;
  const changed = new Uint8Array(w * h);
  const oneWay = (from: WorkImage, to: WorkImage, sign: 1 | -1, mark: 1 | 2): number => {
    let total = 0;
    let lost = 0;
    for (let i = 0; i < from.lines.length; i++) {
      if (!from.lines[i]) continue;
      const x = i % w;
      const y = (i - x) / w;
      const [tx, ty] = sign === 1 ? toAfter(shift, w, h, x, y) : toBefore(shift, w, h, x, y);
      // Lines the shift pushes off the frame are not evidence either way.
      if (tx < 0 || ty < 0 || tx >= w || ty >= h) continue;
      const weight = rowWeight(sign === 1 ? y : ty, h);
      total += weight;
      if (!edgeNear(to.gradients, tx, ty, from.gradients.angle[i] ?? 0)) {
        lost += weight;
        const ox = sign === 1 ? x : tx;
        const oy = sign === 1 ? y : ty;
        changed[oy * w + ox] = mark;
      }
    }
    return total > 0 ? lost / total : 0;
  };
  const missing = oneWay(before, after, 1, 1);
  const added = oneWay(after, before, -1, 2);
  return { missing, added, changed };
}

/** Colour cells across the long edge: walls are large, so a coarse grid sees a repaint. */
const COLOUR_CELLS = 32;
/** A cell differs when its colour is this far (0..255, RGB distance) from the globally corrected original. */
const COLOUR_DIFFERENT = 34;
/** A global colour change may scale a channel this much and move it this far. */
const GAIN_RANGE = [0.4, 2] as const;
const OFFSET_RANGE = 120;
/** The share of cells the second fit keeps. */
const TRIMMED = 0.7;

export interface ColourChange {
  /** Weighted share of the image whose colour changed beyond a global shift (0..1). */
  loss: number;
  cols: number;
  rows: number;
  /** Per cell, row by row: 1 when its colour changed. */
  cells: Uint8Array;
}

function cellMeans(img: WorkImage, cols: number, rows: number, shift: Shift): Float64Array {
  const { width: w, height: h, rgb } = img;
  const sums = new Float64Array(cols * rows * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [ox, oy] = toBefore(shift, w, h, x, y);
      if (ox < 0 || ox >= w || oy < 0 || oy >= h) continue;
      const row = Math.min(rows - 1, Math.floor((oy * rows) / h));
      const c = (row * cols + Math.min(cols - 1, Math.floor((ox * cols) / w))) * 4;
      const p = (y * w + x) * 3;
      sums[c] = (sums[c] ?? 0) + (rgb[p] ?? 0);
      sums[c + 1] = (sums[c + 1] ?? 0) + (rgb[p + 1] ?? 0);
      sums[c + 2] = (sums[c + 2] ?? 0) + (rgb[p + 2] ?? 0);
      sums[c + 3] = (sums[c + 3] ?? 0) + 1;
    }
  }
  for (let c = 0; c < sums.length; c += 4) {
    const n = sums[c + 3] || 1;
    for (let k = 0; k < 3; k++) sums[c + k] = (sums[c + k] ?? 0) / n;
  }
  return sums;
}

/** Per channel, the gain and offset of a global colour shift: weighted least squares over the cells. */
function fitChannel(a: Float64Array, b: Float64Array, weights: Float64Array, channel: number) {
  let sw = 0;
  let sa = 0;
  let sb = 0;
  for (let c = 0; c < weights.length; c++) {
    const wt = weights[c] ?? 0;
    sw += wt;
    sa += wt * (a[c * 4 + channel] ?? 0);
    sb += wt * (b[c * 4 + channel] ?? 0);
  }
  const ma = sa / (sw || 1);
  const mb = sb / (sw || 1);
  let cov = 0;
  let va = 0;
  for (let c = 0; c < weights.length; c++) {
    const wt = weights[c] ?? 0;
    const da = (a[c * 4 + channel] ?? 0) - ma;
    cov += wt * da * ((b[c * 4 + channel] ?? 0) - mb);
    va += wt * da * da;
  }
  const gain = Math.min(GAIN_RANGE[1], Math.max(GAIN_RANGE[0], va > 1e-6 ? cov / va : 1));
  const offset = Math.min(OFFSET_RANGE, Math.max(-OFFSET_RANGE, mb - gain * ma));
  return { gain, offset };
}

type Fit = { gain: number; offset: number }[];

function residuals(a: Float64Array, b: Float64Array, fits: Fit, count: number): Float64Array {
  const out = new Float64Array(count);
  for (let c = 0; c < count; c++) {
    let d2 = 0;
    for (let ch = 0; ch < 3; ch++) {
      const fit = fits[ch] ?? { gain: 1, offset: 0 };
      d2 += ((b[c * 4 + ch] ?? 0) - (fit.gain * (a[c * 4 + ch] ?? 0) + fit.offset)) ** 2;
    }
    out[c] = Math.sqrt(d2);
  }
  return out;
}

/**
 * A global colour change (a grade, a tint) fitted so that the cells that changed on their own (furniture,
 * a repainted wall) do not bend it: fitted, the worst-fitting third left out, fitted again.
 */
function globalShift(a: Float64Array, b: Float64Array, weights: Float64Array): Fit {
  const first = [0, 1, 2].map((ch) => fitChannel(a, b, weights, ch));
  const res = residuals(a, b, first, weights.length);
  const cut = [...res].sort((x, y) => x - y)[Math.floor(res.length * TRIMMED)] ?? Infinity;
  const kept = weights.map((w, c) => ((res[c] ?? 0) <= cut ? w : 0));
  return [0, 1, 2].map((ch) => fitChannel(a, b, kept, ch));
}

/** Cells whose colour changed beyond a slight global shift (a repainted wall), weighted by height. */
export function colourChange(before: WorkImage, after: WorkImage, shift: Shift): ColourChange {
  const { width: w, height: h } = before;
  const cols = w >= h ? COLOUR_CELLS : Math.max(4, Math.round((COLOUR_CELLS * w) / h));
  const rows = w >= h ? Math.max(4, Math.round((COLOUR_CELLS * h) / w)) : COLOUR_CELLS;
  const a = cellMeans(before, cols, rows, { dx: 0, dy: 0, scale: 1 });
  const b = cellMeans(after, cols, rows, shift);
  const weights = new Float64Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) weights[r * cols + c] = rowWeight(((r + 0.5) * h) / rows, h);
  const res = residuals(a, b, globalShift(a, b, weights), weights.length);
  const cells = new Uint8Array(cols * rows);
  let total = 0;
  let lost = 0;
  for (let c = 0; c < cells.length; c++) {
    const weight = weights[c] ?? 0;
    total += weight;
    if ((res[c] ?? 0) > COLOUR_DIFFERENT) {
      cells[c] = 1;
      lost += weight;
    }
  }
  return { loss: total > 0 ? lost / total : 0, cols, rows, cells };
}
