import { sobel, type Plane } from './structure-edges';

/**
 * How the result lines up with the original: each axis scaled about the centre, then moved (in pixels of
 * the working size). Models return results zoomed in or out by up to ~15%, cropped a little and squashed.
 */
export interface Alignment {
  sx: number;
  sy: number;
  dx: number;
  dy: number;
}

export const IDENTITY: Alignment = { sx: 1, sy: 1, dx: 0, dy: 0 };

/** Zoom searched, out to in, and how much the two axes may differ (a squashed aspect). */
const ZOOMS = { from: 0.76, to: 1.2, step: 0.02 };
/** How far the centre may move: a zoom anchored at a corner moves it by half the zoom. */
const MAX_SHIFT = 0.13;
const CANDIDATES = 4;

/** Where a point of the original's frame is in the result's (same working size). */
export function mapToResult(t: Alignment, w: number, h: number, x: number, y: number): [number, number] {
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  return [cx + (x - cx) * t.sx + t.dx, cy + (y - cy) * t.sy + t.dy];
}

/** Gradient strength (over the image's own 90th percentile, at most 2) and orientation, per pixel. */
export interface EdgeMap {
  width: number;
  height: number;
  strength: Float32Array;
  angle: Float32Array;
  /** The gradient's direction as a unit vector (for the orientation match without trigonometry). */
  ux: Float32Array;
  uy: Float32Array;
}

function withDirections(e: Omit<EdgeMap, 'ux' | 'uy'>): EdgeMap {
  return { ...e, ux: e.angle.map((a) => Math.cos(a)), uy: e.angle.map((a) => Math.sin(a)) };
}

interface Samples {
  xs: Float32Array;
  ys: Float32Array;
  ux: Float32Array;
  uy: Float32Array;
  weights: Float32Array;
}

export function edgeMap(p: Plane): EdgeMap {
  const { magnitude, angle } = sobel(p);
  const sorted = Float32Array.from(magnitude).sort();
  const norm = 1 / Math.max(1e-6, sorted[Math.floor(sorted.length * 0.9)] ?? 1);
  return withDirections({
    width: p.width,
    height: p.height,
    strength: magnitude.map((m) => Math.min(2, m * norm)),
    angle,
  });
}

/** Half the size: the strongest of each 2x2 block, with its orientation. */
function halveEdges(e: EdgeMap): EdgeMap {
  const width = Math.floor(e.width / 2);
  const height = Math.floor(e.height / 2);
  const strength = new Float32Array(width * height);
  const angle = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let best = -1;
      for (const i of [
        2 * y * e.width + 2 * x,
        2 * y * e.width + 2 * x + 1,
        (2 * y + 1) * e.width + 2 * x,
        (2 * y + 1) * e.width + 2 * x + 1,
      ])
        if ((e.strength[i] ?? 0) > best) {
          best = e.strength[i] ?? 0;
          angle[y * width + x] = e.angle[i] ?? 0;
        }
      strength[y * width + x] = best;
    }
  return withDirections({ width, height, strength, angle });
}

/** The clearest edges of one image (at most `max`); the upper part (walls, openings) weighs more than the floor. */
function samples(e: EdgeMap, max: number): Samples {
  const { width: w, height: h, strength } = e;
  const picked: number[] = [];
  for (let i = 0; i < strength.length; i++) if ((strength[i] ?? 0) >= 1) picked.push(i);
  const step = Math.max(1, picked.length / max);
  const n = Math.min(max, picked.length);
  const out = {
    xs: new Float32Array(n),
    ys: new Float32Array(n),
    ux: new Float32Array(n),
    uy: new Float32Array(n),
    weights: new Float32Array(n),
  };
  for (let k = 0; k < n; k++) {
    const i = picked[Math.floor(k * step)] ?? 0;
    const x = i % w;
    const y = (i - x) / w;
    out.xs[k] = x - (w - 1) / 2;
    out.ys[k] = y - (h - 1) / 2;
    out.ux[k] = e.ux[i] ?? 0;
    out.uy[k] = e.uy[i] ?? 0;
    out.weights[k] = y < h * 0.6 ? 1 : 0.35;
  }
  return out;
}

/** How well one image's edges find an edge of the same orientation where the transform puts them (0..2). */
function support(s: Samples, target: EdgeMap, sx: number, sy: number, dx: number, dy: number): number {
  const { width: w, height: h, strength, ux, uy } = target;
  // The hottest loop of the check (thousands of candidate transforms): arrays held in locals.
  const { xs, ys, weights } = s;
  const sux = s.ux;
  const suy = s.uy;
  const ox = (w - 1) / 2 + dx;
  const oy = (h - 1) / 2 + dy;
  let sum = 0;
  let weight = 0;
  for (let k = 0; k < xs.length; k++) {
    const y = Math.round(oy + (ys[k] ?? 0) * sy);
    if (y < 0 || y >= h) continue;
    const x = Math.round(ox + (xs[k] ?? 0) * sx);
    if (x < 0 || x >= w) continue;
    const wt = weights[k] ?? 0;
    weight += wt;
    const i = y * w + x;
    const c = (ux[i] ?? 0) * (sux[k] ?? 0) + (uy[i] ?? 0) * (suy[k] ?? 0);
    sum += wt * (strength[i] ?? 0) * c * c;
  }
  return weight > 0 ? sum / weight : 0;
}

/**
 * Both ways (the original's edges in the result and the result's in the original), so that neither a
 * zoom in nor a zoom out is favoured; furniture's own edges find nothing either way, whatever the transform.
 */
export function score(pair: Pair, t: Alignment): number {
  const forward = support(pair.fromB, pair.a, t.sx, t.sy, t.dx, t.dy);
  const back = support(pair.fromA, pair.b, 1 / t.sx, 1 / t.sy, -t.dx / t.sx, -t.dy / t.sy);
  // Ties go to no change: an unchanged image stays where it is.
  return (
    (forward + back) / 2 -
    0.002 * (Math.abs(t.sx - 1) + Math.abs(t.sy - 1)) -
    1e-5 * (t.dx * t.dx + t.dy * t.dy)
  );
}

interface Pair {
  b: EdgeMap;
  a: EdgeMap;
  fromB: Samples;
  fromA: Samples;
}

/** One image's half of a pair: its edges spread (to be found in) and its clearest edges (to look for). */
interface Side {
  spread: EdgeMap;
  samples: Samples;
}

const sideOf = (e: EdgeMap, max: number): Side => ({ spread: spreadEdges(e), samples: samples(e, max) });

const pairOf = (b: Side, a: Side): Pair => ({ b: b.spread, a: a.spread, fromB: b.samples, fromA: a.samples });

/** A 3x3 maximum (with its orientation): an edge counts as met one pixel off. */
function spreadEdges(e: EdgeMap): EdgeMap {
  const { width: w, height: h } = e;
  const strength = new Float32Array(w * h);
  const angle = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = -1;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const j = yy * w + xx;
          if ((e.strength[j] ?? 0) > m) {
            m = e.strength[j] ?? 0;
            angle[y * w + x] = e.angle[j] ?? 0;
          }
        }
      strength[y * w + x] = m;
    }
  return withDirections({ width: w, height: h, strength, angle });
}

interface Profiles {
  /** Vertical edges (door and window jambs, wall corners) per column, over the upper part. */
  cols: Float32Array;
  /** Horizontal edges (ceiling line, window heads and sills, skirting) per row. */
  rows: Float32Array;
}

/** Edge profiles along each axis: the zoom and shift of one axis can be found apart from the other's. */
export function profiles(p: Plane): Profiles {
  const { width: w, height: h } = p;
  const { magnitude, angle } = sobel(p);
  const sorted = Float32Array.from(magnitude).sort();
  const norm = 1 / Math.max(1e-6, sorted[Math.floor(sorted.length * 0.9)] ?? 1);
  const cols = new Float32Array(w);
  const rows = new Float32Array(h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const m = Math.min(2, (magnitude[i] ?? 0) * norm);
      if (m < 0.5) continue;
      const a = angle[i] ?? 0;
      if (y < h * 0.6) cols[x] = (cols[x] ?? 0) + m * Math.abs(Math.cos(a));
      rows[y] = (rows[y] ?? 0) + m * Math.abs(Math.sin(a));
    }
  return { cols, rows };
}

interface Axis {
  scale: number;
  shift: number;
  s: number;
}

/** The zoom and shift of one axis that best correlate the two profiles (linear interpolation). */
export function alignAxis(from: Float32Array, to: Float32Array): Axis[] {
  const n = from.length;
  const c = (n - 1) / 2;
  const reach = Math.ceil(n * MAX_SHIFT);
  const found: Axis[] = [];
  for (let scale = ZOOMS.from; scale <= ZOOMS.to + 1e-9; scale += ZOOMS.step)
    for (let shift = -reach; shift <= reach; shift++) {
      let [k, sa, sb, saa, sbb, sab] = [0, 0, 0, 0, 0, 0];
      for (let x = 0; x < n; x++) {
        const u = c + (x - c) * scale + shift;
        if (u < 0 || u > n - 1) continue;
        const u0 = Math.min(n - 2, Math.floor(u));
        const t = u - u0;
        const b = (1 - t) * (to[u0] ?? 0) + t * (to[u0 + 1] ?? 0);
        const a = from[x] ?? 0;
        k++;
        sa += a;
        sb += b;
        saa += a * a;
        sbb += b * b;
        sab += a * b;
      }
      if (k < n * 0.6) continue;
      const cov = sab / k - (sa / k) * (sb / k);
      const va = saa / k - (sa / k) ** 2;
      const vb = sbb / k - (sb / k) ** 2;
      found.push({ scale, shift, s: cov / Math.sqrt(Math.max(1e-9, va * vb)) - 0.01 * Math.abs(scale - 1) });
    }
  // Distinct peaks only: the best, then the best clearly elsewhere.
  const peaks: Axis[] = [];
  for (const f of found.sort((a, b) => b.s - a.s)) {
    if (peaks.every((p) => Math.abs(p.shift - f.shift) > 3 || Math.abs(p.scale - f.scale) > 0.03))
      peaks.push(f);
    if (peaks.length === CANDIDATES) break;
  }
  return peaks;
}

/** Edges looked for in the coarse (half-size) search and in the fine one. */
const COARSE_SAMPLES = 700;
const FINE_SAMPLES = 1500;

interface OriginalFeatures {
  profiles: Profiles;
  coarse: Side;
  fine: Side;
}

/** Kept per original's plane: a staging lines every result, variant and repair up with the same original. */
const featuresOf = new WeakMap<Float32Array, OriginalFeatures>();

function originalFeatures(before: Plane): OriginalFeatures {
  const kept = featuresOf.get(before.data);
  if (kept) return kept;
  const eb = edgeMap(before);
  const made = {
    profiles: profiles(before),
    coarse: sideOf(halveEdges(eb), COARSE_SAMPLES),
    fine: sideOf(eb, FINE_SAMPLES),
  };
  featuresOf.set(before.data, made);
  return made;
}

/**
 * The zoom, squash and shift that line the result up with the original: each axis found from its edge
 * profile (vertical edges across, horizontal edges down), the best pairings then compared and polished on
 * the edge maps in two dimensions (each normalised by its own strength, so relighting does not matter).
 */
export function align(before: Plane, after: Plane): { alignment: Alignment; fit: number; kept: number } {
  const b = originalFeatures(before);
  const pa = profiles(after);
  // The untouched frame is always a candidate: most results are not moved at all.
  const xs = [{ scale: 1, shift: 0, s: 0 }, ...alignAxis(b.profiles.cols, pa.cols)];
  const ea = edgeMap(after);
  const coarse = pairOf(b.coarse, sideOf(halveEdges(ea), COARSE_SAMPLES));
  const reachY = Math.ceil((before.height / 2) * MAX_SHIFT);
  let candidates: { t: Alignment; s: number }[] = [];
  // Across: the profile's best guesses. Down: any shift, the zoom within a slight squash of the other axis'.
  for (const x of xs)
    for (const aspect of [0.92, 0.96, 1, 1.04, 1.08])
      for (let dy = -reachY; dy <= reachY; dy++)
        for (const dx of [-1, 0, 1]) {
          const t = { sx: x.scale, sy: x.scale * aspect, dx: x.shift / 2 + dx, dy };
          candidates.push({ t, s: score(coarse, t) });
        }
  candidates = best(candidates, 2);
  const fine = pairOf(b.fine, sideOf(ea, FINE_SAMPLES));
  const next: { t: Alignment; s: number }[] = [];
  for (const c of candidates)
    for (const zx of [-0.01, 0, 0.01])
      for (const zy of [-0.01, 0, 0.01])
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const t = { sx: c.t.sx + zx, sy: c.t.sy + zy, dx: c.t.dx * 2 + dx, dy: c.t.dy * 2 + dy };
            next.push({ t, s: score(fine, t) });
          }
  const top = best(next, 1)[0] ?? { t: IDENTITY, s: 0 };
  return { alignment: top.t, fit: top.s, kept: keptShare(fine, top.t) };
}

/**
 * Of the original's clear edges above the horizon (ceiling line, window and door heads, wall corners:
 * what furniture rarely covers), the share the result has too, where the alignment puts them.
 */
function keptShare(pair: Pair, t: Alignment): number {
  const { fromB: s, a } = pair;
  const { width: w, height: h } = a;
  let total = 0;
  let kept = 0;
  for (let k = 0; k < s.xs.length; k++) {
    if ((s.ys[k] ?? 0) > 0) continue;
    const x = Math.round((w - 1) / 2 + t.dx + (s.xs[k] ?? 0) * t.sx);
    const y = Math.round((h - 1) / 2 + t.dy + (s.ys[k] ?? 0) * t.sy);
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    total++;
    const i = y * w + x;
    const c = (a.ux[i] ?? 0) * (s.ux[k] ?? 0) + (a.uy[i] ?? 0) * (s.uy[k] ?? 0);
    if ((a.strength[i] ?? 0) * c * c >= 0.5) kept++;
  }
  return total > 0 ? kept / total : 0;
}

function best<T extends { s: number }>(xs: T[], n: number): T[] {
  return xs.sort((a, b) => b.s - a.s).slice(0, n);
}
