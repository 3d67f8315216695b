import type { StructureElement, StructurePlace } from '@shared/domain';

/** A changed permanent element found in the original's frame (working pixels). */
export interface FoundChange {
  element: StructureElement;
  place: StructurePlace;
  added: boolean;
  /** Bounding box, working pixels of the original's frame. */
  box: { x0: number; y0: number; x1: number; y1: number };
  /** 1 on the pixels that changed. */
  pixels: Uint8Array;
  /** How clear the change is, 0..1 (for the score). */
  strength: number;
}

export function placeOf(cx: number, width: number): StructurePlace {
  return cx < width / 3 ? 'left' : cx > (2 * width) / 3 ? 'right' : 'middle';
}

/** The bounding box of a region's pixels (indices into a `w` wide picture). */
export function boxOf(px: readonly number[], w: number): FoundChange['box'] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const i of px) {
    const x = i % w;
    const y = (i - x) / w;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  return { x0, y0, x1, y1 };
}

/** 1 on a region's pixels (indices into a picture of `n` pixels), 0 elsewhere. */
export function maskOf(px: readonly number[], n: number): Uint8Array {
  const mask = new Uint8Array(n);
  for (const i of px) mask[i] = 1;
  return mask;
}

/** 1 inside a box (inclusive) of a `w` x `h` picture, 0 elsewhere. */
export function boxMask(box: FoundChange['box'], w: number, h: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  for (let y = box.y0; y <= box.y1; y++) mask.fill(1, y * w + box.x0, y * w + box.x1 + 1);
  return mask;
}

/** The middle value (sorts `values` in place). */
export function median(values: number[]): number {
  const s = values.sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Connected components (8 neighbours) of a mask, each with its pixels. */
export function components(mask: Uint8Array, w: number, h: number): number[][] {
  const seen = new Uint8Array(mask.length);
  const out: number[][] = [];
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || seen[s]) continue;
    const stack = [s];
    const px: number[] = [];
    seen[s] = 1;
    while (stack.length) {
      const i = stack.pop() ?? 0;
      px.push(i);
      const x = i % w;
      const y = (i - x) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
    }
    out.push(px);
  }
  return out;
}

/** A mask grown by `r` pixels (square), so the pieces of one window frame join. */
export function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++)
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) out[yy * w + xx] = 1;
    }
  return out;
}
