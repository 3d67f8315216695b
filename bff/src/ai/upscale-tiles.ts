/**
 * Real-ESRGAN (nightmareai/real-esrgan) runs RRDBNet x4 with tiling off: a 2048 px input becomes an
 * 8192 px tensor on the GPU and runs out of memory. Inputs are cut into tiles it can take.
 */
export const MAX_TILE_EDGE = 1024;
/** Input pixels each tile borrows from its neighbours, cut away again, so no seam shows. */
export const TILE_OVERLAP = 16;

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface Tile {
  /** The part of the input sent. */
  input: Region;
  /** The size its upscaled image is brought to. */
  output: { width: number; height: number };
  /** What is kept of that image (the overlaps cut away), and where it goes in the whole. */
  keep: Region;
  at: { left: number; top: number };
}

interface Span {
  /** Sent from `from` to `to`; kept from `a` to `b`. */
  from: number;
  to: number;
  a: number;
  b: number;
}

function spans(length: number): Span[] {
  const n = Math.max(1, Math.ceil(length / MAX_TILE_EDGE));
  return Array.from({ length: n }, (_, i) => {
    const a = Math.round((i * length) / n);
    const b = Math.round(((i + 1) * length) / n);
    const from = i === 0 ? 0 : a - TILE_OVERLAP;
    const to = i === n - 1 ? length : b + TILE_OVERLAP;
    return { from, to, a, b };
  });
}

/** The tiles of a `width` x `height` image upscaled `scale` times; one tile when it fits whole. */
export function planTiles(width: number, height: number, scale: number): Tile[] {
  const at = (v: number) => Math.round(v * scale);
  return spans(height).flatMap((y) =>
    spans(width).map((x) => ({
      input: { left: x.from, top: y.from, width: x.to - x.from, height: y.to - y.from },
      output: { width: at(x.to) - at(x.from), height: at(y.to) - at(y.from) },
      keep: {
        left: at(x.a) - at(x.from),
        top: at(y.a) - at(y.from),
        width: at(x.b) - at(x.a),
        height: at(y.b) - at(y.a),
      },
      at: { left: at(x.a), top: at(y.a) },
    })),
  );
}
