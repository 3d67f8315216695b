import sharp from 'sharp';

/** A decoded result, 3 channels. */
interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

export type SubtleKind = `${Opening['element']} covered` | 'window moved' | 'wall repainted';
export interface SubtleCase {
  kind: SubtleKind;
  image: Buffer;
}

const luma = (d: Buffer, p: number) =>
  0.299 * (d[p] ?? 0) + 0.587 * (d[p + 1] ?? 0) + 0.114 * (d[p + 2] ?? 0);

async function decode(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const encode = (r: Raw) =>
  sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box painted over with the wall beside it: each row blended from the wall left of it to the wall right of it. */
function coverWithWall(r: Raw, b: Box): void {
  const { data, width: w } = r;
  const left = Math.max(0, b.x0 - 3);
  const right = Math.min(w - 1, b.x1 + 3);
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      const u = (x - b.x0) / Math.max(1, b.x1 - b.x0);
      for (let c = 0; c < 3; c++) {
        const v = (1 - u) * (data[(y * w + left) * 3 + c] ?? 0) + u * (data[(y * w + right) * 3 + c] ?? 0);
        data[(y * w + x) * 3 + c] = Math.round(v);
      }
    }
  }
}

/** The wall a model would repaint: flood-filled by colour from the smoothest spot of the upper left or right. */
function repaintWall(r: Raw): boolean {
  const { data, width: w, height: h } = r;
  let seed = -1;
  let bestVar = Infinity;
  const win = Math.max(3, Math.round(w * 0.02));
  for (let y = Math.round(h * 0.15); y < h * 0.5; y += win) {
    for (let x = win; x < w - win; x += win) {
      if (x > w * 0.3 && x < w * 0.7) continue;
      let s = 0;
      let s2 = 0;
      let n = 0;
      for (let yy = y - win; yy <= y + win; yy += 2)
        for (let xx = x - win; xx <= x + win; xx += 2) {
          const v = luma(data, (yy * w + xx) * 3);
          s += v;
          s2 += v * v;
          n++;
        }
      const mean = s / n;
      const variance = s2 / n - mean * mean;
      // Not the darkest corners: a wall lit enough to show its colour.
      if (mean > 60 && variance < bestVar) {
        bestVar = variance;
        seed = y * w + x;
      }
    }
  }
  if (seed < 0) return false;
  const p = seed * 3;
  const ref = [data[p] ?? 0, data[p + 1] ?? 0, data[p + 2] ?? 0];
  const seen = new Uint8Array(w * h);
  const stack = [seed];
  const filled: number[] = [];
  seen[seed] = 1;
  while (stack.length) {
    const i = stack.pop() ?? 0;
    filled.push(i);
    const x = i % w;
    const y = (i - x) / w;
    for (const j of [
      x > 0 ? i - 1 : -1,
      x < w - 1 ? i + 1 : -1,
      y > 0 ? i - w : -1,
      y < h - 1 ? i + w : -1,
    ]) {
      if (j < 0 || seen[j]) continue;
      const q = j * 3;
      const d =
        Math.abs((data[q] ?? 0) - (ref[0] ?? 0)) +
        Math.abs((data[q + 1] ?? 0) - (ref[1] ?? 0)) +
        Math.abs((data[q + 2] ?? 0) - (ref[2] ?? 0));
      // One wall: colour close to the seed's, on the seed's side of the picture, below the ceiling line.
      if (d > 24 || (seed % w < w / 2 ? j % w > w * 0.55 : j % w < w * 0.45)) continue;
      seen[j] = 1;
      stack.push(j);
    }
  }
  if (filled.length < w * h * 0.04) return false;
  // A sage green of the same lightness, shading kept: the kind of repaint a model makes.
  const tint = [0.82, 1.0, 0.84];
  for (const i of filled) {
    const l = luma(data, i * 3);
    for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.max(0, Math.min(255, Math.round(l * (tint[c] ?? 1))));
  }
  return true;
}

/** An opening of a kept result, marked by eye (relative to the result: 0..1). */
export interface Opening {
  element: 'window' | 'door' | 'fireplace' | 'ceiling light';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Openings and fixtures of the development set's kept results, marked by eye on each result (a window, a
 * door or doorway, a fireplace's firebox, a ceiling light): the subtler changes cover or move exactly these.
 */
export const DEV_OPENINGS: Record<string, Opening[]> = {
  '01': [{ element: 'door', x0: 0.04, y0: 0.3, x1: 0.21, y1: 0.72 }],
  '02': [
    { element: 'window', x0: 0.48, y0: 0.33, x1: 0.62, y1: 0.56 },
    { element: 'ceiling light', x0: 0.14, y0: 0.04, x1: 0.28, y1: 0.13 },
  ],
  '03': [
    { element: 'window', x0: 0.22, y0: 0.26, x1: 0.42, y1: 0.58 },
    { element: 'window', x0: 0.78, y0: 0.3, x1: 0.97, y1: 0.6 },
    { element: 'ceiling light', x0: 0.66, y0: 0.13, x1: 0.8, y1: 0.18 },
  ],
  '06': [
    { element: 'window', x0: 0.08, y0: 0.25, x1: 0.27, y1: 0.6 },
    { element: 'ceiling light', x0: 0.42, y0: 0.07, x1: 0.5, y1: 0.11 },
  ],
  '16': [{ element: 'door', x0: 0.62, y0: 0.3, x1: 0.7, y1: 0.62 }],
  '17': [{ element: 'window', x0: 0.76, y0: 0.27, x1: 0.86, y1: 0.58 }],
  '18': [{ element: 'window', x0: 0.02, y0: 0.15, x1: 0.42, y1: 0.58 }],
  '19': [
    { element: 'window', x0: 0.08, y0: 0.15, x1: 0.33, y1: 0.55 },
    { element: 'door', x0: 0.42, y0: 0.38, x1: 0.5, y1: 0.72 },
    { element: 'ceiling light', x0: 0.49, y0: 0, x1: 0.58, y1: 0.09 },
  ],
  '20': [
    { element: 'window', x0: 0.68, y0: 0.22, x1: 0.85, y1: 0.45 },
    { element: 'door', x0: 0.3, y0: 0.33, x1: 0.4, y1: 0.66 },
    { element: 'ceiling light', x0: 0.46, y0: 0.1, x1: 0.54, y1: 0.175 },
  ],
  '21': [{ element: 'fireplace', x0: 0.24, y0: 0.56, x1: 0.36, y1: 0.72 }],
};

const toBox = (o: Opening, w: number, h: number): Box => ({
  x0: Math.round(o.x0 * w),
  y0: Math.round(o.y0 * h),
  x1: Math.min(w - 1, Math.round(o.x1 * w)),
  y1: Math.min(h - 1, Math.round(o.y1 * h)),
});

/**
 * Subtler structure changes made from a kept result, as real models make them: each marked opening
 * covered with the wall around it, the first window moved along its wall, one wall repainted. Kinds that
 * do not apply to a picture (no plain wall) are left out.
 */
export async function subtleChanges(result: Buffer, openings: Opening[]): Promise<SubtleCase[]> {
  const out: SubtleCase[] = [];
  for (const opening of openings) {
    const covered = await decode(result);
    coverWithWall(covered, toBox(opening, covered.width, covered.height));
    out.push({ kind: `${opening.element} covered`, image: await encode(covered) });
  }
  const window = openings.find((o) => o.element === 'window');
  if (window) {
    const moved = await decode(result);
    const b = toBox(window, moved.width, moved.height);
    const bw = b.x1 - b.x0 + 1;
    const shiftBy = b.x0 + bw / 2 < moved.width / 2 ? Math.round(bw * 1.3) : -Math.round(bw * 1.3);
    if (b.x0 + shiftBy >= 0 && b.x1 + shiftBy < moved.width) {
      const copy = Buffer.from(moved.data);
      coverWithWall(moved, b);
      for (let y = b.y0; y <= b.y1; y++)
        for (let x = b.x0; x <= b.x1; x++)
          for (let c = 0; c < 3; c++)
            moved.data[(y * moved.width + x + shiftBy) * 3 + c] = copy[(y * moved.width + x) * 3 + c] ?? 0;
      out.push({ kind: 'window moved', image: await encode(moved) });
    }
  }
  const repainted = await decode(result);
  if (repaintWall(repainted)) out.push({ kind: 'wall repainted', image: await encode(repainted) });
  return out;
}
