import sharp from 'sharp';

/** A decoded result, 3 channels. */
interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

export type SubtleKind = 'window covered' | 'window moved' | 'wall repainted';
export interface SubtleCase {
  kind: SubtleKind;
  image: Buffer;
}

const luma = (d: Buffer, p: number) => 0.299 * (d[p] ?? 0) + 0.587 * (d[p + 1] ?? 0) + 0.114 * (d[p + 2] ?? 0);

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

/**
 * The window a model would drop: the largest bright blob in the upper three quarters (a window's glass and
 * view are the brightest part of most rooms), between 0.4% and 12% of the picture.
 */
function brightestOpening(r: Raw): Box | null {
  const { data, width: w, height: h } = r;
  const values: number[] = [];
  for (let i = 0; i < w * h; i += 7) values.push(luma(data, i * 3));
  values.sort((a, b) => a - b);
  const cut = Math.max(150, values[Math.floor(values.length * 0.93)] ?? 255);
  const seen = new Uint8Array(w * h);
  let best: (Box & { n: number }) | null = null;
  const top = Math.floor(h * 0.75);
  for (let s = 0; s < w * top; s++) {
    if (seen[s] || luma(data, s * 3) < cut) continue;
    const stack = [s];
    seen[s] = 1;
    const box = { x0: w, y0: h, x1: 0, y1: 0, n: 0 };
    while (stack.length) {
      const i = stack.pop() ?? 0;
      const x = i % w;
      const y = (i - x) / w;
      box.n++;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < top - 1 ? i + w : -1])
        if (j >= 0 && !seen[j] && luma(data, j * 3) >= cut) {
          seen[j] = 1;
          stack.push(j);
        }
    }
    const area = (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1);
    if (area < w * h * 0.004 || area > w * h * 0.12) continue;
    // A window has wall around it: a blob at the picture's edge is sky, ceiling or a cut-off view.
    if (box.y0 < h * 0.03 || box.x0 < w * 0.02 || box.x1 > w * 0.98) continue;
    if (!best || box.n > best.n) best = box;
  }
  if (!best) return null;
  // The frame around the glass goes too.
  const pad = Math.round(Math.max(w, h) * 0.012);
  return {
    x0: Math.max(0, best.x0 - pad),
    y0: Math.max(0, best.y0 - pad),
    x1: Math.min(w - 1, best.x1 + pad),
    y1: Math.min(h - 1, best.y1 + pad),
  };
}

/** The box painted over with the wall around it: each column blended from the pixel above to the one below. */
function coverWithWall(r: Raw, b: Box): void {
  const { data, width: w, height: h } = r;
  const above = Math.max(0, b.y0 - 2);
  const below = Math.min(h - 1, b.y1 + 2);
  const left = Math.max(0, b.x0 - 2);
  const right = Math.min(w - 1, b.x1 + 2);
  for (let y = b.y0; y <= b.y1; y++) {
    const t = (y - b.y0) / Math.max(1, b.y1 - b.y0);
    for (let x = b.x0; x <= b.x1; x++) {
      const u = (x - b.x0) / Math.max(1, b.x1 - b.x0);
      for (let c = 0; c < 3; c++) {
        const v =
          0.5 * ((1 - t) * (data[(above * w + x) * 3 + c] ?? 0) + t * (data[(below * w + x) * 3 + c] ?? 0)) +
          0.5 * ((1 - u) * (data[(y * w + left) * 3 + c] ?? 0) + u * (data[(y * w + right) * 3 + c] ?? 0));
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
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
      if (j < 0 || seen[j]) continue;
      const q = j * 3;
      const d = Math.abs((data[q] ?? 0) - (ref[0] ?? 0)) + Math.abs((data[q + 1] ?? 0) - (ref[1] ?? 0)) + Math.abs((data[q + 2] ?? 0) - (ref[2] ?? 0));
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

/**
 * Subtler structure changes made from a kept result, as real models make them: one window covered with the
 * wall around it, one window moved along the wall, one wall repainted. Kinds that do not apply to a picture
 * (no window found, no plain wall) are left out.
 */
export async function subtleChanges(result: Buffer): Promise<SubtleCase[]> {
  const out: SubtleCase[] = [];
  const opening = brightestOpening(await decode(result));
  if (opening) {
    const covered = await decode(result);
    coverWithWall(covered, opening);
    out.push({ kind: 'window covered', image: await encode(covered) });
    const moved = await decode(result);
    const bw = opening.x1 - opening.x0 + 1;
    const shiftBy = opening.x0 + bw / 2 < moved.width / 2 ? Math.round(bw * 1.3) : -Math.round(bw * 1.3);
    if (opening.x0 + shiftBy >= 0 && opening.x1 + shiftBy < moved.width) {
      const copy = Buffer.from(moved.data);
      coverWithWall(moved, opening);
      for (let y = opening.y0; y <= opening.y1; y++)
        for (let x = opening.x0; x <= opening.x1; x++)
          for (let c = 0; c < 3; c++)
            moved.data[(y * moved.width + x + shiftBy) * 3 + c] = copy[(y * moved.width + x) * 3 + c] ?? 0;
      out.push({ kind: 'window moved', image: await encode(moved) });
    }
  }
  const repainted = await decode(result);
  if (repaintWall(repainted)) out.push({ kind: 'wall repainted', image: await encode(repainted) });
  return out;
}
