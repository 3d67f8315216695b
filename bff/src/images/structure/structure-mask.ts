import sharp from 'sharp';
import type { Alignment } from './structure-align';
import type { FoundChange } from './structure-changes';

const AMBER = [250, 204, 21] as const;
/** The changed element filled lightly, its outline strongly: the result stays readable under it. */
const FILL_ALPHA = 110;
const EDGE_ALPHA = 235;

/** A transparent PNG in the result's frame: each changed element in amber, outlined. */
export async function changeMask(
  changes: FoundChange[],
  t: Alignment,
  w: number,
  h: number,
): Promise<Buffer> {
  const inOriginal = new Uint8Array(w * h);
  for (const c of changes) for (let i = 0; i < inOriginal.length; i++) if (c.pixels[i]) inOriginal[i] = 1;
  const out = Buffer.alloc(w * h * 4);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const at = (x: number, y: number) => {
    const ox = Math.round(cx + (x - cx - t.dx) / t.sx);
    const oy = Math.round(cy + (y - cy - t.dy) / t.sy);
    return ox >= 0 && oy >= 0 && ox < w && oy < h ? (inOriginal[oy * w + ox] ?? 0) : 0;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!at(x, y)) continue;
      const edge = !at(x - 1, y) || !at(x + 1, y) || !at(x, y - 1) || !at(x, y + 1);
      const p = (y * w + x) * 4;
      out[p] = AMBER[0];
      out[p + 1] = AMBER[1];
      out[p + 2] = AMBER[2];
      out[p + 3] = edge ? EDGE_ALPHA : FILL_ALPHA;
    }
  return sharp(out, { raw: { width: w, height: h, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
