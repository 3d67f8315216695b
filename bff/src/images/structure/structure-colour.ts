import { components, placeOf, type FoundChange } from './structure-regions';
import { textureQuartile, type Scene } from './structure-scene';

/** Colour cells of this many working pixels: a wall spans many, a picture frame few. */
const CELL = 8;
/** A cell is plain wall (or ceiling) in both images below this texture. */
const PLAIN_CELL = 0.015;
/** Walls and ceiling are judged above the floor, where rugs and furniture go. */
const WALL_ZONE = 0.75;
/** A CIELAB colour difference (lightness counting half) a repaint makes and a relit wall does not. */
const REPAINTED = 10.5;
/** A repaint covers a wall: at least 3% of the picture in one piece. */
const MIN_WALL = 0.03;
/** Plain cells between these heights are walls, left out of the grade. */
const GRADE_TOP = 0.15;
const GRADE_BOTTOM = 0.7;
/** Walls reach up to the ceiling: a repaint has most of its piece above the horizon of a level camera. */
const WALL_ABOVE = 0.5;
/** The share of plain cells the global colour fit keeps (the rest may be the repaint itself). */
const TRIMMED = 0.6;

function srgbToLinear(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** CIELAB (D65) of an sRGB colour. */
/** How far apart two CIELAB colours are, lightness counting half (a relight moves it most). */
export const labDistance = (p: readonly number[], q: readonly number[]): number =>
  Math.hypot(((p[0] ?? 0) - (q[0] ?? 0)) / 2, (p[1] ?? 0) - (q[1] ?? 0), (p[2] ?? 0) - (q[2] ?? 0));

export function lab(r: number, g: number, b: number): [number, number, number] {
  const [R, G, B] = [srgbToLinear(r), srgbToLinear(g), srgbToLinear(b)];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.9505);
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.089);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

interface Cells {
  cols: number;
  rows: number;
  before: Float64Array;
  after: Float64Array;
  /** Plain in the original, in the result, in both (wall, ceiling: no frame, furniture or pattern). */
  plainB: Uint8Array;
  plainA: Uint8Array;
  /** Inside the result's frame. */
  seen: Uint8Array;
}

/** Plain: below a fixed contrast, or among the smoothest quarter of that picture (a grainy photo's walls). */
function plainLevel(texture: Float32Array): number {
  return Math.max(PLAIN_CELL, 1.3 * textureQuartile(texture));
}

function cellsOf(before: Scene, after: Scene): Cells {
  const { width: w, height: h } = before;
  const cols = Math.floor(w / CELL);
  const rows = Math.floor(h / CELL);
  const b = new Float64Array(cols * rows * 3);
  const a = new Float64Array(cols * rows * 3);
  const plainB = new Uint8Array(cols * rows);
  const plainA = new Uint8Array(cols * rows);
  const seen = new Uint8Array(cols * rows);
  const levelB = plainLevel(before.texture);
  const levelA = plainLevel(after.texture);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      let n = 0;
      let texB = 0;
      let texA = 0;
      const k = r * cols + c;
      for (let y = r * CELL; y < (r + 1) * CELL; y++)
        for (let x = c * CELL; x < (c + 1) * CELL; x++) {
          const i = y * w + x;
          if (!after.valid[i]) continue;
          n++;
          texB += before.texture[i] ?? 0;
          texA += after.texture[i] ?? 0;
          for (let ch = 0; ch < 3; ch++) {
            b[k * 3 + ch] = (b[k * 3 + ch] ?? 0) + (before.rgb[i * 3 + ch] ?? 0);
            a[k * 3 + ch] = (a[k * 3 + ch] ?? 0) + (after.rgb[i * 3 + ch] ?? 0);
          }
        }
      if (n < CELL * CELL * 0.8) continue;
      seen[k] = 1;
      for (let ch = 0; ch < 3; ch++) {
        b[k * 3 + ch] = (b[k * 3 + ch] ?? 0) / n;
        a[k * 3 + ch] = (a[k * 3 + ch] ?? 0) / n;
      }
      if ((r + 0.5) * CELL > h * WALL_ZONE) continue;
      if (texB / n <= levelB) plainB[k] = 1;
      if (texA / n <= levelA) plainA[k] = 1;
    }
  return { cols, rows, before: b, after: a, plainB, plainA, seen };
}

/** Per channel, a tone curve: after = c0 + c1·before + c2·before² (before in 0..1). */
type Grade = [number, number, number][];

/** Solves a 3x3 linear system (Cramer's rule); null when it is singular. */
function solve3(m: number[][], v: number[]): [number, number, number] | null {
  const det = (a: number[][]) =>
    (a[0]?.[0] ?? 0) * ((a[1]?.[1] ?? 0) * (a[2]?.[2] ?? 0) - (a[1]?.[2] ?? 0) * (a[2]?.[1] ?? 0)) -
    (a[0]?.[1] ?? 0) * ((a[1]?.[0] ?? 0) * (a[2]?.[2] ?? 0) - (a[1]?.[2] ?? 0) * (a[2]?.[0] ?? 0)) +
    (a[0]?.[2] ?? 0) * ((a[1]?.[0] ?? 0) * (a[2]?.[1] ?? 0) - (a[1]?.[1] ?? 0) * (a[2]?.[0] ?? 0));
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  const col = (j: number) => det(m.map((row, i) => row.map((x, k) => (k === j ? (v[i] ?? 0) : x))));
  return [col(0) / d, col(1) / d, col(2) / d];
}

/** Per channel, the tone curve of a global grade over the chosen cells (least squares). */
function fit(cells: Cells, use: (k: number) => boolean): Grade {
  return [0, 1, 2].map((ch) => {
    const m = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const v = [0, 0, 0];
    for (let k = 0; k < cells.seen.length; k++) {
      if (!use(k)) continue;
      const x = (cells.before[k * 3 + ch] ?? 0) / 255;
      const y = (cells.after[k * 3 + ch] ?? 0) / 255;
      const f = [1, x, x * x];
      for (let i = 0; i < 3; i++) {
        v[i] = (v[i] ?? 0) + (f[i] ?? 0) * y;
        for (let j = 0; j < 3; j++) (m[i] as number[])[j] = (m[i]?.[j] ?? 0) + (f[i] ?? 0) * (f[j] ?? 0);
      }
    }
    return solve3(m, v) ?? [0, 1, 0];
  });
}

function labOfCell(values: Float64Array, k: number, grade?: Grade): [number, number, number] {
  const [r, g, b] = [0, 1, 2].map((ch) => {
    const v = values[k * 3 + ch] ?? 0;
    const gr = grade?.[ch];
    if (!gr) return v;
    const x = v / 255;
    return Math.min(255, Math.max(0, 255 * (gr[0] + gr[1] * x + gr[2] * x * x)));
  });
  return lab(r ?? 0, g ?? 0, b ?? 0);
}

/** Each cell's colour distance from the graded original at the same place. */
function cellResiduals(cells: Cells, grade: Grade): Float64Array {
  const out = new Float64Array(cells.seen.length);
  for (let k = 0; k < out.length; k++)
    if (cells.seen[k]) out[k] = labDistance(labOfCell(cells.after, k), labOfCell(cells.before, k, grade));
  return out;
}

/** Cells looked through around each one: the same wall, a little light or shade either way. */
const NEAR = 3;

/**
 * Per plain cell of the result, how far its colour is from the closest plain colour of the graded
 * original nearby: a wall revealed by taking furniture away finds its own colour beside it, a repainted
 * wall does not. Infinity where the original has no plain surface nearby (nothing to judge).
 */
function differences(cells: Cells, grade: Grade): Float64Array {
  const { cols, rows } = cells;
  const out = new Float64Array(cols * rows).fill(-1);
  const graded = Array.from({ length: cols * rows }, (_, k) =>
    cells.plainB[k] ? labOfCell(cells.before, k, grade) : null,
  );
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c;
      if (!cells.plainA[k]) continue;
      const mine = labOfCell(cells.after, k);
      let bestD = Infinity;
      for (let rr = Math.max(0, r - NEAR); rr <= Math.min(rows - 1, r + NEAR); rr++)
        for (let cc = Math.max(0, c - NEAR); cc <= Math.min(cols - 1, c + NEAR); cc++) {
          const other = graded[rr * cols + cc];
          if (other) bestD = Math.min(bestD, labDistance(mine, other));
        }
      out[k] = bestD;
    }
  return out;
}

/**
 * Walls (or the ceiling) whose colour changed: the result's plain surfaces compared with the original's
 * nearby once a global grade (white balance, exposure) is taken out, over a wall-sized piece.
 */
export function colourChanges(before: Scene, after: Scene): FoundChange[] {
  const { width: w, height: h } = before;
  const cells = cellsOf(before, after);
  // The grade is fitted on all but the plain walls (ceiling, floor, trim, furniture), its worst-fitting part
  // left out: a relight changes all of the picture, a repaint only the walls, which it then cannot explain.
  const all = (k: number) => {
    const y = (Math.floor(k / cells.cols) + 0.5) / cells.rows;
    const wall = cells.plainA[k] === 1 && cells.plainB[k] === 1 && y >= GRADE_TOP && y <= GRADE_BOTTOM;
    return cells.seen[k] === 1 && !wall;
  };
  const firstGrade = fit(cells, all);
  const residual = cellResiduals(cells, firstGrade);
  const sorted = [...residual].filter((_, k) => all(k)).sort((x, y) => x - y);
  const cut = sorted[Math.floor(sorted.length * TRIMMED)] ?? Infinity;
  const diff = differences(
    cells,
    fit(cells, (k) => all(k) && (residual[k] ?? 0) <= cut),
  );

  const changed = new Uint8Array(diff.length);
  for (let k = 0; k < changed.length; k++)
    if ((diff[k] ?? 0) > REPAINTED && Number.isFinite(diff[k])) changed[k] = 1;
  const found: FoundChange[] = [];
  for (const piece of components(changed, cells.cols, cells.rows)) {
    if (piece.length * CELL * CELL < MIN_WALL * w * h) continue;
    const pixels = new Uint8Array(w * h);
    let [x0, y0, x1, y1, sx, sy] = [w, h, 0, 0, 0, 0];
    for (const k of piece) {
      const c = k % cells.cols;
      const r = (k - c) / cells.cols;
      for (let y = r * CELL; y < (r + 1) * CELL; y++)
        for (let x = c * CELL; x < (c + 1) * CELL; x++) pixels[y * w + x] = 1;
      [x0, y0, x1, y1] = [
        Math.min(x0, c * CELL),
        Math.min(y0, r * CELL),
        Math.max(x1, (c + 1) * CELL - 1),
        Math.max(y1, (r + 1) * CELL - 1),
      ];
      sx += (c + 0.5) * CELL;
      sy += (r + 0.5) * CELL;
    }
    const cy = sy / piece.length;
    const above = piece.filter((k) => (Math.floor(k / cells.cols) + 0.5) * CELL < WALL_ABOVE * h).length;
    // Furniture of one flat colour stands below the horizon; a wall's paint goes on up to the ceiling.
    if (above < piece.length / 2) continue;
    found.push({
      element: cy < h * 0.2 ? 'ceiling' : 'wall-colour',
      place: placeOf(sx / piece.length, w),
      added: false,
      box: { x0, y0, x1, y1 },
      pixels,
      strength: Math.min(1, 0.4 + ((piece.length * CELL * CELL) / (w * h)) * 3),
    });
  }
  return found;
}
