import { blur, sobel, type Plane } from './structure-edges';
import { mapToResult, type Alignment } from './structure-align';

/** One image at the working size, in the original's frame: colours, brightness and how textured each spot is. */
export interface Scene {
  width: number;
  height: number;
  rgb: Float32Array;
  luma: Float32Array;
  /** Gradient strength as local contrast: a relit or regraded photo keeps its values. */
  edges: Float32Array;
  /** Local mean of `edges` (7x7): low on plain wall, high on frames, views, furniture. */
  texture: Float32Array;
  /** 1 where the pixel is inside the other image's frame too. */
  valid: Uint8Array;
}

const TEXTURE_RADIUS = 3;

/** A grey plane of the colours, for the gradients. */
export function lumaOf(rgb: Float32Array | Buffer, n: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++)
    out[i] = 0.299 * (rgb[3 * i] ?? 0) + 0.587 * (rgb[3 * i + 1] ?? 0) + 0.114 * (rgb[3 * i + 2] ?? 0);
  return out;
}

/** Keeps the darkest corners from turning noise into edges. */
const DARK = 12;

/**
 * Gradients as contrast (over the local brightness, Sobel's 8 taps taken out): relighting multiplies
 * brightness, so a frame keeps its value in a relit or regraded photo, and furniture elsewhere does not
 * change it either.
 */
export function contrastEdges(plane: Plane): Float32Array {
  const { width: w, height: h, data } = plane;
  const { magnitude } = sobel(plane);
  const local = boxMean(data, w, h, 1);
  return magnitude.map((m, i) => m / (8 * ((local[i] ?? 0) + DARK)));
}

/** Box mean with a summed-area table. */
export function boxMean(data: Float32Array, w: number, h: number, r: number): Float32Array {
  const sat = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x] ?? 0;
      sat[(y + 1) * (w + 1) + x + 1] = (sat[y * (w + 1) + x + 1] ?? 0) + row;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s =
        (sat[y1 * (w + 1) + x1] ?? 0) -
        (sat[y0 * (w + 1) + x1] ?? 0) -
        (sat[y1 * (w + 1) + x0] ?? 0) +
        (sat[y0 * (w + 1) + x0] ?? 0);
      out[y * w + x] = s / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

const quartiles = new WeakMap<Float32Array, number>();

/**
 * The texture a quarter of the picture stays below (what plain is judged against): sorted once per
 * picture, as every part of the check asks it (an original's, for each of its results).
 */
export function textureQuartile(texture: Float32Array): number {
  const known = quartiles.get(texture);
  if (known !== undefined) return known;
  const sorted = Float32Array.from(texture).sort();
  const q = sorted[Math.floor(sorted.length * 0.25)] ?? 0;
  quartiles.set(texture, q);
  return q;
}

export function sceneOf(rgb: Float32Array, width: number, height: number, valid: Uint8Array): Scene {
  const luma = lumaOf(rgb, width * height);
  const edges = contrastEdges(blur({ width, height, data: luma }));
  const texture = boxMean(edges, width, height, TEXTURE_RADIUS);
  return { width, height, rgb, luma, edges, texture, valid };
}

/** The result resampled into the original's frame (bilinear); pixels it does not cover are marked invalid. */
export function warpResult(
  rgb: Buffer,
  w: number,
  h: number,
  t: Alignment,
): { rgb: Float32Array; valid: Uint8Array } {
  const out = new Float32Array(w * h * 3);
  const valid = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [fx, fy] = mapToResult(t, w, h, x, y);
      if (fx < 0 || fy < 0 || fx > w - 1 || fy > h - 1) continue;
      const x0 = Math.min(w - 2, Math.floor(fx));
      const y0 = Math.min(h - 2, Math.floor(fy));
      const ax = fx - x0;
      const ay = fy - y0;
      const i = y * w + x;
      valid[i] = 1;
      for (let c = 0; c < 3; c++) {
        const p = (y0 * w + x0) * 3 + c;
        out[i * 3 + c] =
          (1 - ay) * ((1 - ax) * (rgb[p] ?? 0) + ax * (rgb[p + 3] ?? 0)) +
          ay * ((1 - ax) * (rgb[p + w * 3] ?? 0) + ax * (rgb[p + w * 3 + 3] ?? 0));
      }
    }
  }
  return { rgb: out, valid };
}

/** Each lined-up result's per-channel grade against its photo, worked out once (surfaces and doorways ask it). */
const channelGrades = new WeakMap<Scene, { from: Scene; grade: [number, number, number] }>();

/** The per-channel median ratio of result to photo: a relight or colour grade of the whole picture. */
export function channelGrade(before: Scene, after: Scene): [number, number, number] {
  const known = channelGrades.get(after);
  if (known?.from === before) return known.grade;
  const ratios: number[][] = [[], [], []];
  for (let i = 0; i < before.luma.length; i += 5) {
    if (!after.valid[i]) continue;
    for (let c = 0; c < 3; c++)
      ratios[c]?.push(((after.rgb[3 * i + c] ?? 0) + 4) / ((before.rgb[3 * i + c] ?? 0) + 4));
  }
  const grade = ratios.map((r) => r.sort((a, b) => a - b)[Math.floor(r.length / 2)] ?? 1) as [
    number,
    number,
    number,
  ];
  channelGrades.set(after, { from: before, grade });
  return grade;
}
