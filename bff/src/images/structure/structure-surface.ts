import type { StructurePlace } from '@shared/domain';
import { lab, labDistance } from './structure-colour';
import { placeOf, type FoundChange } from './structure-regions';
import { channelGrade, textureQuartile, type Scene } from './structure-scene';

/** Surfaces are compared in cells of this many working pixels. */
const CELL = 8;
/** Walls, ceiling and openings: above this share of the height (lower down, staging changes everything). */
const UPPER = 0.6;
/** A cell's colour (CIELAB, after the picture's overall grade) differs beyond relighting. */
const OTHER_COLOUR = 14;
/** A cell's texture more than this many times the other's (a pattern, frame or shelf that came or went). */
const OTHER_TEXTURE = 2.2;

interface CellStats {
  rgb: [number, number, number];
  texture: number;
}

/** The mean colour (times `grade`) and texture of a cell's pixels `at` in `scene`. */
function statsOf(scene: Scene, at: readonly number[], grade: readonly number[]): CellStats {
  const sum = [0, 0, 0];
  let texture = 0;
  for (const j of at) {
    texture += scene.texture[j] ?? 0;
    for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (scene.rgb[3 * j + k] ?? 0) * (grade[k] ?? 1);
  }
  const n = Math.max(1, at.length);
  return {
    rgb: sum.map((v) => Math.min(255, v / n)) as [number, number, number],
    texture: texture / n,
  };
}

/**
 * Per cell of the upper picture, whether the result's surface still is the photo's: its colour after the
 * overall grade, and how textured it is (plain paint, a pattern, a frame). 1 = differs, 0 = same, 255 = not judged (outside the result's frame or under `skip`).
 */
export function surfaceDifferences(
  before: Scene,
  after: Scene,
  skip?: Uint8Array,
): { cells: Uint8Array; cols: number; rows: number } {
  const { width: w, height: h } = before;
  const cols = Math.floor(w / CELL);
  const rows = Math.floor((h * UPPER) / CELL);
  const grade = channelGrade(before, after);
  const floorB = Math.max(0.004, textureQuartile(before.texture));
  const floorA = Math.max(0.004, textureQuartile(after.texture));
  const cells = new Uint8Array(cols * rows);
  const same = (b: CellStats, a: CellStats) => {
    const dE = labDistance(lab(...b.rgb), lab(...a.rgb));
    const t = (b.texture + floorB) / (a.texture + floorA);
    return dE <= OTHER_COLOUR && t <= OTHER_TEXTURE && t >= 1 / OTHER_TEXTURE;
  };
  // Cells with pixels outside the result's frame, and their neighbours: the frame's edge moves with a
  // zoom or crop, so what is next to it is not judged.
  const outside = new Uint8Array(cols * rows);
  for (let y = 0; y < rows * CELL; y++)
    for (let x = 0; x < cols * CELL; x++)
      if (!after.valid[y * w + x]) outside[Math.floor(y / CELL) * cols + Math.floor(x / CELL)] = 1;
  const nearEdge = (r: number, c: number) => {
    if (c === 0 || r === 0 || c === cols - 1) return true;
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) if (outside[Math.min(rows - 1, r + dr) * cols + c + dc]) return true;
    return false;
  };
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const at: number[] = [];
      let skipped = 0;
      for (let y = r * CELL; y < (r + 1) * CELL; y++)
        for (let x = c * CELL; x < (c + 1) * CELL; x++) {
          const i = y * w + x;
          if (skip?.[i]) skipped++;
          else at.push(i);
        }
      if (nearEdge(r, c) || at.length < skipped || at.length === 0) {
        cells[r * cols + c] = 255;
        continue;
      }
      const mine = statsOf(after, at, [1, 1, 1]);
      cells[r * cols + c] = same(statsOf(before, at, grade), mine) ? 0 : 1;
    }
  return { cells, cols, rows };
}

/** Connected pieces (4 neighbours) of differing cells, largest first, each as its cell indices. */
export function differingPieces(cells: Uint8Array, cols: number, rows: number): number[][] {
  const seen = new Uint8Array(cells.length);
  const pieces: number[][] = [];
  for (let s = 0; s < cells.length; s++) {
    if (cells[s] !== 1 || seen[s]) continue;
    const piece: number[] = [];
    const stack = [s];
    seen[s] = 1;
    while (stack.length) {
      const i = stack.pop() ?? 0;
      piece.push(i);
      const c = i % cols;
      const r = (i - c) / cols;
      for (const j of [
        c > 0 ? i - 1 : -1,
        c < cols - 1 ? i + 1 : -1,
        r > 0 ? i - cols : -1,
        r < rows - 1 ? i + cols : -1,
      ])
        if (j >= 0 && cells[j] === 1 && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
    }
    pieces.push(piece);
  }
  return pieces.sort((a, b) => b.length - a.length);
}

/**
 * A wall finish, built-in, panelling or ceiling that changed shows as one piece of differing surface
 * over at least this share of the judged upper picture (art, a lamp or a plant in front is far smaller).
 */
const CHANGED_SURFACE = 0.25;
/**
 * The ceiling is one surface at the top of the picture: a differing piece lying mostly (`CEILING_SHARE`)
 * above `CEILING_BAND` of the height and this large is a ceiling made flat or sloped, beams, a tray or
 * downlights (a pendant hung in front of it is a few cells).
 */
const CHANGED_CEILING = 0.06;
const CEILING_BAND = 0.3;
const CEILING_SHARE = 0.75;

/** A piece of cells as a change in the original's frame, placed by its middle. */
function changeOf(
  scene: Scene,
  piece: readonly number[],
  cols: number,
  element: 'surface' | 'ceiling',
  judged: number,
): FoundChange {
  const { width: w, height: h } = scene;
  const pixels = new Uint8Array(w * h);
  let [x0, y0, x1, y1, sumX] = [w, h, 0, 0, 0];
  for (const i of piece) {
    const c = i % cols;
    const r = (i - c) / cols;
    for (let y = r * CELL; y < (r + 1) * CELL; y++)
      for (let x = c * CELL; x < (c + 1) * CELL; x++) pixels[y * w + x] = 1;
    [x0, y0] = [Math.min(x0, c * CELL), Math.min(y0, r * CELL)];
    [x1, y1] = [Math.max(x1, (c + 1) * CELL - 1), Math.max(y1, (r + 1) * CELL - 1)];
    sumX += (c + 0.5) * CELL;
  }
  const place: StructurePlace = placeOf(sumX / piece.length, w);
  return {
    element,
    place,
    added: false,
    box: { x0, y0, x1, y1 },
    pixels,
    strength: Math.min(1, 0.4 + piece.length / Math.max(1, judged)),
  };
}

/**
 * Walls and ceiling whose surface changed in one large piece (paint to wallpaper, tiles, panelling,
 * shelving built in or taken out), and a ceiling that changed (flat, sloped, beams, downlights), in the
 * original's frame; `skip`: already named.
 * Returns the pieces as changes, and the share of the upper picture still the photo's.
 */
export function surfaceChanges(
  before: Scene,
  after: Scene,
  skip: Uint8Array,
): { changes: FoundChange[]; agreement: number } {
  const { height: h } = before;
  const { cells, cols, rows } = surfaceDifferences(before, after, skip);
  const judged = cells.filter((v) => v !== 255).length;
  const same = cells.filter((v) => v === 0).length;
  const changes: FoundChange[] = [];
  for (const piece of differingPieces(cells, cols, rows)) {
    if (piece.length < CHANGED_CEILING * judged) break;
    const inBand = piece.filter((i) => (Math.floor(i / cols) + 0.5) * CELL < CEILING_BAND * h).length;
    if (piece.length >= CHANGED_SURFACE * judged)
      changes.push(changeOf(before, piece, cols, 'surface', judged));
    else if (inBand >= CEILING_SHARE * piece.length)
      changes.push(changeOf(before, piece, cols, 'ceiling', judged));
  }
  return { changes, agreement: judged ? same / judged : 0 };
}
