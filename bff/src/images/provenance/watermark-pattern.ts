import { PAYLOAD_BITS } from './watermark-payload';

/** Cells along the long edge: the pattern scales with the image, so a resized copy keeps it whole. */
export const GRID_CELLS = 256;
/** The pattern repeats every TILE cells both ways (a power of two): any large enough crop holds whole tiles. */
export const TILE = 32;
/** Chips per payload bit in one tile; the rest of the tile is the known sync pattern. */
const CHIPS_PER_BIT = 10;
/** Our key: the chip layout a detector must know (a constant, so every copy is read the same way). */
const KEY = 0x5a6e_1e7b;

/** A small seeded generator (mulberry32): the same layout on every machine and run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The tile's layout: each cell's ±1 carrier, and the payload bit it carries (-1: a sync cell). */
export interface TileLayout {
  carrier: Int8Array;
  bitOf: Int16Array;
  /** The sync cells' indices (u + v * TILE). */
  sync: Int32Array;
}

function makeLayout(): TileLayout {
  const size = TILE * TILE;
  const next = random(KEY);
  const order = Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const carrier = new Int8Array(size);
  for (let i = 0; i < size; i++) carrier[i] = next() < 0.5 ? -1 : 1;
  const bitOf = new Int16Array(size).fill(-1);
  const messageCells = PAYLOAD_BITS * CHIPS_PER_BIT;
  for (let k = 0; k < messageCells; k++) bitOf[order[k]!] = k % PAYLOAD_BITS;
  const sync = Int32Array.from(order.slice(messageCells));
  return { carrier, bitOf, sync };
}

export const LAYOUT = makeLayout();

/** The tile's ±1 values for `bits`: sync cells keep their carrier, message cells flip it for a 0. */
export function tileFor(bits: readonly number[]): Int8Array {
  const { carrier, bitOf } = LAYOUT;
  const tile = new Int8Array(TILE * TILE);
  for (let i = 0; i < tile.length; i++) {
    const bit = bitOf[i]!;
    tile[i] = bit < 0 || bits[bit] ? carrier[i]! : -carrier[i]!;
  }
  return tile;
}
