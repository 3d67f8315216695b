/**
 * Where the preview engine's enhancements apply, found from colour alone (no AI): the sky-coloured area
 * touching the top edge, grass-coloured pixels, the wall-coloured area of a room, its lower floor.
 * Each returns one byte a pixel, 1 inside the region.
 */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

const lumaAt = (d: Buffer, p: number) => ((d[p * 3] ?? 0) + (d[p * 3 + 1] ?? 0) + (d[p * 3 + 2] ?? 0)) / 3;
const distance = (d: Buffer, p: number, c: readonly number[]) =>
  Math.hypot(
    (d[p * 3] ?? 0) - (c[0] ?? 0),
    (d[p * 3 + 1] ?? 0) - (c[1] ?? 0),
    (d[p * 3 + 2] ?? 0) - (c[2] ?? 0),
  );

/** Blue, or a bright overcast grey. */
function skyColoured(d: Buffer, p: number): boolean {
  const r = d[p * 3] ?? 0;
  const g = d[p * 3 + 1] ?? 0;
  const b = d[p * 3 + 2] ?? 0;
  const luma = (r + g + b) / 3;
  const spread = Math.max(r, g, b) - Math.min(r, g, b);
  return (b >= r + 15 && b >= g - 5 && luma > 90) || (luma > 175 && spread < 40);
}

/** Green or straw-yellow, neither very dark nor very bright: grass, whether watered or not. */
function grassColoured(d: Buffer, p: number): boolean {
  const r = d[p * 3] ?? 0;
  const g = d[p * 3 + 1] ?? 0;
  const b = d[p * 3 + 2] ?? 0;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max < 35 || max > 235 || max - min < 0.12 * max) return false;
  // Green to straw yellow: far less blue than green, and not much redder (beige and brick are).
  return g - b >= 0.25 * g && g >= r - 12;
}

/**
 * The pixels reachable from `seeds` through neighbours that pass `accept`, within rows [top, bottom):
 * a 4-connected flood fill.
 */
function flood(
  img: RgbImage,
  seeds: number[],
  accept: (p: number, from: number) => boolean,
  top: number,
  bottom: number,
): Uint8Array {
  const { width, height } = img;
  const region = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  for (const s of seeds)
    if (!region[s] && accept(s, s)) {
      region[s] = 1;
      queue[tail++] = s;
    }
  while (head < tail) {
    const p = queue[head++] ?? 0;
    const x = p % width;
    const y = (p - x) / width;
    const next = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > top ? p - width : -1];
    next.push(y < Math.min(height, bottom) - 1 ? p + width : -1);
    for (const q of next)
      if (q >= 0 && !region[q] && accept(q, p)) {
        region[q] = 1;
        queue[tail++] = q;
      }
  }
  return region;
}

/** The median colour of a box given in shares of the image. */
function medianColour(img: RgbImage, x0: number, x1: number, y0: number, y1: number): number[] {
  const { data, width, height } = img;
  const channels: number[][] = [[], [], []];
  const stepX = Math.max(1, Math.floor(width / 200));
  const stepY = Math.max(1, Math.floor(height / 200));
  for (let y = Math.floor(y0 * height); y < Math.floor(y1 * height); y += stepY)
    for (let x = Math.floor(x0 * width); x < Math.floor(x1 * width); x += stepX)
      for (let c = 0; c < 3; c++) channels[c]?.push(data[(y * width + x) * 3 + c] ?? 0);
  return channels.map((v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0);
}

/** Close to the seed colour, and close to the neighbour it was reached from (shading varies slowly). */
const alike = (img: RgbImage, colour: number[]) => (p: number, from: number) =>
  distance(img.data, p, colour) < 60 &&
  distance(
    img.data,
    p,
    [0, 1, 2].map((c) => img.data[from * 3 + c] ?? 0),
  ) < 24;

/** The sky-coloured area touching the top edge, down to three quarters of the height. */
export function skyRegion(img: RgbImage): Uint8Array {
  const seeds = Array.from({ length: img.width }, (_, x) => x);
  return flood(img, seeds, (p) => skyColoured(img.data, p), 0, Math.round(img.height * 0.75));
}

/** Grass-coloured pixels below the top quarter that are not sky. */
export function lawnRegion(img: RgbImage, sky: Uint8Array): Uint8Array {
  const { width, height } = img;
  const region = new Uint8Array(width * height);
  for (let p = Math.floor(height * 0.25) * width; p < width * height; p++)
    if (!sky[p] && grassColoured(img.data, p)) region[p] = 1;
  return region;
}

/** The area of the wall colour (the median of the upper middle), reached from there; not the bottom fifth. */
export function wallRegion(img: RgbImage): { region: Uint8Array; colour: number[] } {
  const { width, height } = img;
  const colour = medianColour(img, 0.1, 0.9, 0.1, 0.4);
  const seeds: number[] = [];
  for (let y = Math.floor(height * 0.1); y < height * 0.4; y += Math.max(1, Math.floor(height / 40)))
    for (let x = Math.floor(width * 0.1); x < width * 0.9; x += Math.max(1, Math.floor(width / 40)))
      if (distance(img.data, y * width + x, colour) < 20) seeds.push(y * width + x);
  const region = flood(img, seeds, alike(img, colour), 0, Math.round(height * 0.8));
  return { region, colour };
}

/** The area of the floor colour (the median of the bottom centre), reached from there; the lower half. */
export function floorRegion(img: RgbImage): { region: Uint8Array; colour: number[] } {
  const { width, height } = img;
  const colour = medianColour(img, 0.3, 0.7, 0.9, 0.99);
  const seeds: number[] = [];
  for (let x = 0; x < width; x++) {
    const p = (height - 1) * width + x;
    if (distance(img.data, p, colour) < 20) seeds.push(p);
  }
  const region = flood(img, seeds, alike(img, colour), Math.round(height * 0.5), height);
  return { region, colour };
}

export const regionLuma = (img: RgbImage, region: Uint8Array): number => {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < region.length; p++)
    if (region[p]) {
      sum += lumaAt(img.data, p);
      n++;
    }
  return n ? sum / n : 128;
};
export { lumaAt };
