/** A single-channel image as floats, row by row. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

/** Gradient strength and edge orientation (0..π, the direction of the gradient modulo a half turn). */
export interface Gradients {
  width: number;
  height: number;
  magnitude: Float32Array;
  angle: Float32Array;
}

/** Zero mean, unit spread: a global brightness or contrast change leaves the result the same. */
export function standardise(plane: Plane): Plane {
  const { data } = plane;
  let sum = 0;
  for (const v of data) sum += v;
  const mean = sum / data.length;
  let sq = 0;
  for (const v of data) sq += (v - mean) ** 2;
  const sd = Math.sqrt(sq / data.length) || 1;
  const out = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = ((data[i] ?? 0) - mean) / sd;
  return { ...plane, data: out };
}

/** A 3x3 binomial blur: JPEG noise and single-pixel texture stop looking like edges. */
export function blur(plane: Plane): Plane {
  const { width: w, height: h, data } = plane;
  const tmp = new Float32Array(data.length);
  const out = new Float32Array(data.length);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const l = data[row + Math.max(0, x - 1)] ?? 0;
      const r = data[row + Math.min(w - 1, x + 1)] ?? 0;
      tmp[row + x] = (l + 2 * (data[row + x] ?? 0) + r) / 4;
    }
  }
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const down = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++)
      out[y * w + x] = ((tmp[up + x] ?? 0) + 2 * (tmp[y * w + x] ?? 0) + (tmp[down + x] ?? 0)) / 4;
  }
  return { width: w, height: h, data: out };
}

/** Below this strength no edge is ever looked at, so its orientation is not worked out. */
const FLAT = 0.3;

/** Sobel gradients; the one-pixel border stays zero. */
export function sobel(plane: Plane): Gradients {
  const { width: w, height: h, data: d } = plane;
  const magnitude = new Float32Array(w * h);
  const angle = new Float32Array(w * h);
  const at = (i: number) => d[i] ?? 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx =
        at(i - w + 1) + 2 * at(i + 1) + at(i + w + 1) - at(i - w - 1) - 2 * at(i - 1) - at(i + w - 1);
      const gy =
        at(i + w - 1) + 2 * at(i + w) + at(i + w + 1) - at(i - w - 1) - 2 * at(i - w) - at(i - w + 1);
      const m = Math.sqrt(gx * gx + gy * gy);
      magnitude[i] = m;
      if (m < FLAT) continue;
      let a = Math.atan2(gy, gx);
      if (a < 0) a += Math.PI;
      angle[i] = a >= Math.PI ? 0 : a;
    }
  }
  return { width: w, height: h, magnitude, angle };
}

/** How far apart two orientations are (0..π/2), modulo a half turn. */
export function orientationGap(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return d > Math.PI / 2 ? Math.PI - d : d;
}

export interface LineOptions {
  /** Gradient strength an edge pixel needs. */
  threshold: number;
  /** Shortest straight edge kept, in pixels. */
  minLength: number;
  /** Length over width a region needs to count as a line, not a blob. */
  minElongation: number;
  /** Pixels join a line while their orientation is this close to its first pixel's (radians). */
  angleTolerance: number;
}

/**
 * The pixels on long straight edges (walls, window and door frames): edge pixels grown into regions of
 * one orientation (as line segment detectors do), kept when the region is long and thin.
 */
export function straightEdges(grad: Gradients, options: LineOptions): Uint8Array {
  const { width: w, height: h, magnitude, angle } = grad;
  const n = w * h;
  const out = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  for (let seed = 0; seed < n; seed++) {
    if (seen[seed] || (magnitude[seed] ?? 0) < options.threshold) continue;
    const seedAngle = angle[seed] ?? 0;
    let top = 0;
    let size = 0;
    stack[top++] = seed;
    seen[seed] = 1;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    // `stack` keeps every pixel of the region below `size`; the part above is still to visit.
    while (size < top) {
      const i = stack[size++] ?? 0;
      const x = i % w;
      const y = (i - x) / w;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (seen[j] || (magnitude[j] ?? 0) < options.threshold) continue;
          if (orientationGap(angle[j] ?? 0, seedAngle) > options.angleTolerance) continue;
          seen[j] = 1;
          stack[top++] = j;
        }
      }
    }
    if (size < options.minLength) {
      // Too few pixels to be a long line: let them seed or join another region.
      for (let k = 1; k < size; k++) seen[stack[k] ?? 0] = 0;
      continue;
    }
    const mx = sx / size;
    const my = sy / size;
    const a = sxx / size - mx * mx;
    const c = syy / size - my * my;
    const b = sxy / size - mx * my;
    const spread = Math.sqrt(((a - c) / 2) ** 2 + b * b);
    const length = Math.sqrt(12 * Math.max(0, (a + c) / 2 + spread));
    const thickness = Math.max(1, Math.sqrt(12 * Math.max(0, (a + c) / 2 - spread)));
    if (length >= options.minLength && length / thickness >= options.minElongation) {
      for (let k = 0; k < size; k++) out[stack[k] ?? 0] = 1;
    }
  }
  return out;
}
