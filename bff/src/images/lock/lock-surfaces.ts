import { median } from '../structure/structure-regions';
import { plainLevel } from '../structure/structure-changes';
import { boxMean, sceneOf } from '../structure/structure-scene';

/** The floor is grown from the bottom rows over colours within this distance (sum over channels) of its own. */
const FLOOR_COLOUR = 75;
/** Seeds: the bottom rows of the middle half, this share of the height. */
const SEED_ROWS = 0.04;
/** Wall texture above this many times the photo's plain level is something built: frames, cabinets, radiators. */
const BUILT = 2.5;
/** Built things are judged over blocks of this share of the long edge: a frame's lines, not a speck, count. */
const BUILT_BLOCK = 0.025;
/** A block is built when this share of it is textured. */
const BUILT_SHARE = 0.3;
/** The floor's upper edge is smoothed over this share of the width (a chair leg's gap is no edge). */
const FLOOR_SMOOTH = 0.03;

/** Mean colour of the seed pixels: the floor as the camera sees it nearest. */
function seedColour(rgb: Buffer, w: number, h: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(h * (1 - SEED_ROWS)); y < h; y++)
    for (let x = Math.floor(w / 4); x < Math.ceil((3 * w) / 4); x++) {
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[(y * w + x) * 3 + c] ?? 0);
      n++;
    }
  return [0, 1, 2].map((c) => (sum[c] ?? 0) / Math.max(1, n)) as [number, number, number];
}

/**
 * The floor: grown upwards from the bottom rows over pixels of its colour (a patterned floor's tiles and
 * planks stay near it after the light blur the colours get), never above `top` (a share of the height).
 */
export function floorOf(rgb: Buffer, w: number, h: number, top: number): Floor {
  const seed = seedColour(rgb, w, h);
  const near = (i: number) =>
    Math.abs((rgb[i * 3] ?? 0) - seed[0]) +
      Math.abs((rgb[i * 3 + 1] ?? 0) - seed[1]) +
      Math.abs((rgb[i * 3 + 2] ?? 0) - seed[2]) <=
    FLOOR_COLOUR;
  const floor = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let x = 0; x < w; x++) {
    const i = (h - 1) * w + x;
    if (near(i)) {
      floor[i] = 1;
      stack.push(i);
    }
  }
  const minY = Math.ceil(top * h);
  while (stack.length) {
    const i = stack.pop() ?? 0;
    const x = i % w;
    const y = (i - x) / w;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (nx < 0 || nx >= w || ny < minY || ny >= h) continue;
      const j = ny * w + nx;
      if (!floor[j] && near(j)) {
        floor[j] = 1;
        stack.push(j);
      }
    }
  }
  return floorBelowEdge(floor, w, h);
}

/** The floor, and the row its upper edge is at in each column. */
export interface Floor {
  floor: Uint8Array;
  edge: number[];
}

/**
 * The floor as everything under its upper edge, column by column (a rug, a pattern, a piece of furniture
 * in the photo does not make a hole), the edge smoothed across neighbouring columns.
 */
function floorBelowEdge(grown: Uint8Array, w: number, h: number): Floor {
  const edge = new Array<number>(w).fill(h);
  for (let x = 0; x < w; x++)
    for (let y = 0; y < h; y++)
      if (grown[y * w + x]) {
        edge[x] = y;
        break;
      }
  const r = Math.max(1, Math.round(FLOOR_SMOOTH * w));
  const floor = new Uint8Array(w * h);
  const smooth = edge.map((_, x) => median(edge.slice(Math.max(0, x - r), Math.min(w, x + r + 1))));
  for (let x = 0; x < w; x++) for (let y = smooth[x] ?? h; y < h; y++) floor[y * w + x] = 1;
  return { floor, edge: smooth };
}

/** 1 where the photo shows something built (textured well beyond its plain wall): kept by the lock. */
export function builtOf(rgb: Buffer, w: number, h: number): Uint8Array {
  const scene = sceneOf(Float32Array.from(rgb), w, h, new Uint8Array(w * h).fill(1));
  const level = BUILT * plainLevel(scene.texture);
  const textured = scene.texture.map((t) => (t > level ? 1 : 0));
  const share = boxMean(textured, w, h, Math.max(1, Math.round(BUILT_BLOCK * Math.max(w, h))));
  return Uint8Array.from(share, (v) => (v >= BUILT_SHARE ? 1 : 0));
}
