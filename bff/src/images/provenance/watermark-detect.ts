import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '@shared/domain';
import { codeOf, PAYLOAD_BITS } from './watermark-payload';
import { correlator } from './tile-correlation';
import { GRID_CELLS, LAYOUT, TILE } from './watermark-pattern';

/** The long edge every copy is read at; a cell is then WORK_EDGE / GRID_CELLS px unless it was cropped. */
const WORK_EDGE = 1024;
const WORK_CELL = WORK_EDGE / GRID_CELLS;
/** Cell sizes tried, relative to WORK_CELL: a crop enlarges them (one keeping 80 % of the long edge by 1.25). */
const COARSE_SCALES = { from: 0.96, to: 1.26, step: 0.01 };
const FINE_STEP = 0.0025;
/** Shifts the fine search tries around the coarse one: a 1 % scale change moves the grid far less. */
const FINE_SHIFTS = [-1, 0, 1];
/** The coarse search looks at the middle tiles only, where a 1 % scale error still lines the cells up. */
const COARSE_TILES = 3;
/** A cell's difference from its neighbours counts up to this much: strong edges must not outvote the rest. */
const CLIP = 8;
/** How far the sync's best shift must stand above all others (standard deviations) to count as ours. */
const MIN_SYNC_Z = 7;
/** The least certain bits a read may flip to pass the CRC (2^6 tries at most). */
const FLIPPABLE_BITS = 6;

interface Plane {
  width: number;
  height: number;
  /** Summed-area table of the high-passed luminance, (width + 1) x (height + 1). */
  integral: Float64Array;
}

/** The luminance at WORK_EDGE as a summed-area table (cell means in constant time). */
async function luminance(data: Buffer): Promise<Plane> {
  const { data: grey, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .greyscale()
    .resize(WORK_EDGE, WORK_EDGE, { fit: 'inside', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += grey[y * width + x]!;
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1]! + row;
    }
  }
  return { width, height, integral };
}

interface Window {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Each cell's mean (size `cell`, grid from `origin`) inside `window` less its eight neighbours' mean: the
 * image's own content mostly cancels, the ±1 pattern stays. Folded into one tile.
 */
function folded({ width, integral }: Plane, cell: number, origin: number, window: Window): Float64Array {
  const tile = new Float64Array(TILE * TILE);
  const at = (x: number, y: number) => integral[y * (width + 1) + x]!;
  const first = (from: number) => Math.max(0, Math.ceil((from - origin) / cell));
  const g0 = first(window.x0);
  const h0 = first(window.y0);
  const cols = Math.max(0, Math.floor((window.x1 - origin) / cell) - g0);
  const rows = Math.max(0, Math.floor((window.y1 - origin) / cell) - h0);
  const means = new Float64Array(cols * rows);
  for (let j = 0; j < rows; j++) {
    const y0 = Math.round(origin + (h0 + j) * cell);
    const y1 = Math.round(origin + (h0 + j + 1) * cell);
    for (let i = 0; i < cols; i++) {
      const x0 = Math.round(origin + (g0 + i) * cell);
      const x1 = Math.round(origin + (g0 + i + 1) * cell);
      const sum = at(x1, y1) - at(x0, y1) - at(x1, y0) + at(x0, y0);
      means[i + j * cols] = sum / Math.max(1, (x1 - x0) * (y1 - y0));
    }
  }
  const neighbours = [-cols - 1, -cols, -cols + 1, -1, 1, cols - 1, cols, cols + 1];
  for (let j = 1; j < rows - 1; j++)
    for (let i = 1; i < cols - 1; i++) {
      const k = i + j * cols;
      let around = 0;
      for (const d of neighbours) around += means[k + d]!;
      const residual = Math.max(-CLIP, Math.min(CLIP, means[k]! - around / 8));
      tile[((g0 + i) % TILE) + ((h0 + j) % TILE) * TILE]! += residual;
    }
  return tile;
}

/** Where each sync cell sits in the tile, and its sign. */
const SYNC_CELLS = Array.from(LAYOUT.sync, (p) => ({
  u: p % TILE,
  v: Math.floor(p / TILE),
  sign: LAYOUT.carrier[p]!,
}));
const WRAP = TILE - 1;
/** Every shift's sync score of a tile at once. */
const syncScores = correlator(
  Float64Array.from({ length: TILE * TILE }, (_, p) => (LAYOUT.sync.includes(p) ? LAYOUT.carrier[p]! : 0)),
  TILE,
);

/** The sync pattern's correlation with `tile` circularly shifted by (sx, sy). */
function syncScore(tile: Float64Array, sx: number, sy: number): number {
  let s = 0;
  for (const { u, v, sign } of SYNC_CELLS) s += sign * tile[((u + sx) & WRAP) + ((v + sy) & WRAP) * TILE]!;
  return s;
}

interface Sync {
  tile: Float64Array;
  sx: number;
  sy: number;
  /** How far the best shift stands above all shifts (z-score). */
  z: number;
}

function synchronise(tile: Float64Array): Sync {
  const scores = syncScores(tile);
  let best = 0;
  let mean = 0;
  for (let i = 0; i < scores.length; i++) {
    mean += scores[i]!;
    if (scores[i]! > scores[best]!) best = i;
  }
  mean /= scores.length;
  let variance = 0;
  for (const s of scores) variance += (s - mean) ** 2;
  const z = (scores[best]! - mean) / Math.sqrt(variance / scores.length || 1);
  return { tile, sx: best % TILE, sy: Math.floor(best / TILE), z };
}

/** Each payload bit's soft value: the sum of its cells, signed by their carrier (positive: a 1). */
function softBits({ tile, sx, sy }: Sync): Float64Array {
  const { carrier, bitOf } = LAYOUT;
  const soft = new Float64Array(PAYLOAD_BITS);
  for (let p = 0; p < TILE * TILE; p++) {
    const bit = bitOf[p]!;
    if (bit < 0) continue;
    const u = ((p % TILE) + sx) % TILE;
    const v = (Math.floor(p / TILE) + sy) % TILE;
    soft[bit]! += carrier[p]! * tile[u + v * TILE]!;
  }
  return soft;
}

/**
 * The code the soft bits spell: as read, else with some of the least certain bits flipped, most likely
 * first (a CRC-16 over few tries keeps a wrong code about one in a thousand, and only once the sync matched).
 */
function decode(soft: Float64Array): { code: string | null } | undefined {
  const hard = Array.from(soft, (s) => (s > 0 ? 1 : 0));
  const weakest = Array.from(soft.keys())
    .sort((a, b) => Math.abs(soft[a]!) - Math.abs(soft[b]!))
    .slice(0, FLIPPABLE_BITS);
  const tries = Array.from({ length: 1 << FLIPPABLE_BITS }, (_, mask) => ({
    mask,
    cost: weakest.reduce((sum, bit, k) => sum + (mask & (1 << k) ? Math.abs(soft[bit]!) : 0), 0),
  })).sort((a, b) => a.cost - b.cost);
  for (const { mask } of tries) {
    const bits = hard.map((b, i) => (weakest.includes(i) && mask & (1 << weakest.indexOf(i)) ? 1 - b : b));
    const read = codeOf(bits);
    if (read) return read;
  }
  return undefined;
}

/** The best sync over the cell sizes `scales` (x WORK_CELL) and half-cell grid origins, inside `window`. */
function bestSync(plane: Plane, scales: number[], window: Window): Sync & { scale: number } {
  let best: (Sync & { scale: number }) | null = null;
  for (const scale of scales) {
    const cell = WORK_CELL * scale;
    for (const origin of [0, cell / 2]) {
      const found = synchronise(folded(plane, cell, origin, window));
      if (!best || found.z > best.z) best = { ...found, scale };
    }
  }
  if (!best) throw new Error('No scale to try.');
  return best;
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Around `coarse`, the scale and grid origin that line the sync up best over the whole image. */
function refined(plane: Plane, coarse: Sync & { scale: number }): Sync {
  const whole = { x0: 0, y0: 0, x1: plane.width, y1: plane.height };
  const step = COARSE_SCALES.step;
  let best: { tile: Float64Array; score: number } = { tile: new Float64Array(0), score: -Infinity };
  for (const scale of range(coarse.scale - step, coarse.scale + step, FINE_STEP)) {
    const cell = WORK_CELL * scale;
    for (const origin of [0, cell / 2]) {
      const tile = folded(plane, cell, origin, whole);
      for (const dy of FINE_SHIFTS)
        for (const dx of FINE_SHIFTS) {
          const score = syncScore(tile, (coarse.sx + dx) & WRAP, (coarse.sy + dy) & WRAP);
          if (score > best.score) best = { tile, score };
        }
    }
  }
  // Judged against every shift of the chosen tile, as the coarse search was.
  return synchronise(best.tile);
}

/** What the watermark in `data` carries ({ code }, null when no original is published), or null if none. */
export async function detectWatermark(data: Buffer): Promise<{ code: string | null } | null> {
  const plane = await luminance(data);
  const { width, height } = plane;
  const side = COARSE_TILES * TILE * WORK_CELL * COARSE_SCALES.to;
  const middle = {
    x0: Math.max(0, Math.round((width - side) / 2)),
    y0: Math.max(0, Math.round((height - side) / 2)),
    x1: Math.min(width, Math.round((width + side) / 2)),
    y1: Math.min(height, Math.round((height + side) / 2)),
  };
  const coarse = bestSync(plane, range(COARSE_SCALES.from, COARSE_SCALES.to, COARSE_SCALES.step), middle);
  const fine = refined(plane, coarse);
  if (fine.z < MIN_SYNC_Z) return null;
  return decode(softBits(fine)) ?? null;
}
