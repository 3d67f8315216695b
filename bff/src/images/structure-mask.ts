import sharp from 'sharp';
import type { StructureRegion } from '@shared/domain';
import {
  rowWeight,
  toAfter,
  type ColourChange,
  type EdgeChange,
  type Shift,
  type WorkImage,
} from './structure-compare';

/** Regions are reported on a grid this many cells across the long edge. */
const REGION_CELLS = 8;
/** Weighted changed line pixels that make a grid cell a changed region. */
const REGION_EDGE_PIXELS = 14;
/** Share of a grid cell's colour cells that must have changed (weighted) for it to count. */
const REGION_COLOUR_SHARE = 0.4;
/** A pixel differs when the standardised grey levels differ by this much (in standard deviations). */
const PIXEL_DIFFERENT = 0.55;

const ROSE = [244, 63, 94, 130] as const;
const AMBER = [250, 204, 21, 235] as const;
const ROSE_LINE = [244, 63, 94, 210] as const;
/** Lines on rows that count at least this much are drawn as structure. */
const STRUCTURE_ROW_WEIGHT = 0.5;

/** The grid cells that changed, joined into boxes (relative to the image, 0..1). */
export function changedRegions(
  width: number,
  height: number,
  edges: EdgeChange,
  colours: ColourChange,
): StructureRegion[] {
  const cols = width >= height ? REGION_CELLS : Math.max(2, Math.round((REGION_CELLS * width) / height));
  const rows = width >= height ? Math.max(2, Math.round((REGION_CELLS * height) / width)) : REGION_CELLS;
  const edgeScore = new Float64Array(cols * rows);
  for (let i = 0; i < edges.changed.length; i++) {
    if (!edges.changed[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    const cell = Math.floor((y * rows) / height) * cols + Math.floor((x * cols) / width);
    edgeScore[cell] = (edgeScore[cell] ?? 0) + rowWeight(y, height);
  }
  const colourScore = new Float64Array(cols * rows);
  const colourCount = new Float64Array(cols * rows);
  for (let r = 0; r < colours.rows; r++) {
    for (let c = 0; c < colours.cols; c++) {
      const y = ((r + 0.5) * height) / colours.rows;
      const cell =
        Math.min(rows - 1, Math.floor(((r + 0.5) / colours.rows) * rows)) * cols +
        Math.min(cols - 1, Math.floor(((c + 0.5) / colours.cols) * cols));
      colourCount[cell] = (colourCount[cell] ?? 0) + 1;
      if (colours.cells[r * colours.cols + c])
        colourScore[cell] = (colourScore[cell] ?? 0) + rowWeight(y, height);
    }
  }
  const hit = new Uint8Array(cols * rows);
  for (let c = 0; c < hit.length; c++) {
    const colourShare = (colourScore[c] ?? 0) / (colourCount[c] || 1);
    if ((edgeScore[c] ?? 0) >= REGION_EDGE_PIXELS || colourShare >= REGION_COLOUR_SHARE) hit[c] = 1;
  }
  return joinCells(hit, cols, rows);
}

/** Neighbouring changed cells become one box. */
function joinCells(hit: Uint8Array, cols: number, rows: number): StructureRegion[] {
  const regions: StructureRegion[] = [];
  const seen = new Uint8Array(hit.length);
  for (let start = 0; start < hit.length; start++) {
    if (!hit[start] || seen[start]) continue;
    let [x0, y0, x1, y1] = [cols, rows, 0, 0];
    const todo = [start];
    seen[start] = 1;
    while (todo.length > 0) {
      const cell = todo.pop() ?? 0;
      const c = cell % cols;
      const r = (cell - c) / cols;
      [x0, y0, x1, y1] = [Math.min(x0, c), Math.min(y0, r), Math.max(x1, c + 1), Math.max(y1, r + 1)];
      const next = [c > 0 ? cell - 1 : -1, c < cols - 1 ? cell + 1 : -1, cell - cols, cell + cols];
      for (const n of next) {
        if (n < 0 || n >= hit.length || !hit[n] || seen[n]) continue;
        seen[n] = 1;
        todo.push(n);
      }
    }
    const round = (v: number) => Math.round(v * 1000) / 1000;
    regions.push({
      x: round(x0 / cols),
      y: round(y0 / rows),
      width: round((x1 - x0) / cols),
      height: round((y1 - y0) / rows),
    });
  }
  return regions;
}

/** A transparent PNG of the original's frame: rose where the pixels changed, amber where a wall's or a frame's line went or came. */
export async function changeMask(
  before: WorkImage,
  after: WorkImage,
  shift: Shift,
  edges: EdgeChange,
): Promise<Buffer> {
  const { width: w, height: h } = before;
  const out = Buffer.alloc(w * h * 4);
  const paint = (i: number, colour: readonly number[]) => {
    for (let k = 0; k < 4; k++) out[i * 4 + k] = colour[k] ?? 0;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [tx, ty] = toAfter(shift, w, h, x, y);
      const i = y * w + x;
      if (tx < 0 || ty < 0 || tx >= w || ty >= h) continue;
      const diff = Math.abs((before.plane.data[i] ?? 0) - (after.plane.data[ty * w + tx] ?? 0));
      if (diff > PIXEL_DIFFERENT) paint(i, ROSE);
    }
  }
  // Changed lines are thin: drawn three pixels wide so they show at any display size; amber where they
  // count as the room's structure (walls, windows, doors), rose on the floor, where furniture goes.
  for (let i = 0; i < edges.changed.length; i++) {
    if (!edges.changed[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    const colour = rowWeight(y, h) >= STRUCTURE_ROW_WEIGHT ? AMBER : ROSE_LINE;
    for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
      for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) paint(yy * w + xx, colour);
  }
  return sharp(out, { raw: { width: w, height: h, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
