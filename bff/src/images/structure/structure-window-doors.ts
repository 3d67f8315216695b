import { linesOf } from './structure-built-ins';
import { boxMask, placeOf, type FoundChange } from './structure-regions';
import type { Scene } from './structure-scene';

/**
 * A window made a door: the photo's window jamb, which ended at its sill, runs on down in the result, and
 * beside it, below the old sill, the result is now as bright as the glass above it where the photo was far
 * darker than its window (a wall, a counter, a radiator under the sill). Curtains, a floor lamp or a
 * bookcase beside a window add a line there too, but do not carry the glass's brightness down past a dark sill.
 */

/** Where a window's sill may be: below the upper frame edge, above the floor of a level camera. */
const SILL = { from: 0.3, to: 0.75 };
/** The jamb runs at least this share of the height above the sill, in the photo and in the result. */
const JAMB_ABOVE = 0.12;
/** The result's line runs on below the sill for at least this share of the height (a door's lower part). */
const LENGTHENED = 0.15;
/** A line along a run: on this share of its rows; none: on fewer than this share. */
const LINE_RUN = 0.7;
const NO_LINE = 0.3;
/** The strip judged beside the jamb, as shares of the width: a little off the frame, a window's pane wide. */
const STRIP = { gap: 0.012, width: 0.04 };
/**
 * The photo's glass at least this many times as bright as what was below its sill, and the result's below
 * the sill as many times brighter than the photo's there, over its own glass's change (a relight). On the
 * real pairs a window made a door measures 3.75, kept rooms at most 1.32.
 */
const BRIGHTER = 2.5;
/** Keeps the darkest corners from making large ratios of noise. */
const DARK = 8;

/** Per column, the running count of rows with a vertical line at it or a pixel beside it (prefix sums). */
function lineCounts(scene: Scene): Int32Array[] {
  const { width: w, height: h } = scene;
  const lines = linesOf(scene);
  return Array.from({ length: w }, (_, x) => {
    const counts = new Int32Array(h + 1);
    for (let y = 0; y < h; y++) {
      const near = (lines[y * w + x] ?? 0) | (lines[y * w + x - 1] ?? 0) | (lines[y * w + x + 1] ?? 0);
      counts[y + 1] = (counts[y] ?? 0) + (x > 0 && x < w - 1 ? near : 0);
    }
    return counts;
  });
}

/** The share of rows y0..y1 (inclusive) with a line in a column's running counts. */
const shareOf = (counts: Int32Array, y0: number, y1: number) =>
  ((counts[y1 + 1] ?? 0) - (counts[y0] ?? 0)) / (y1 - y0 + 1);

/** Mean brightness over any box, from a summed-area table (each candidate asks four). */
function brightness(scene: Scene): (x0: number, x1: number, y0: number, y1: number) => number {
  const { width: w, height: h, luma } = scene;
  const sat = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += luma[y * w + x] ?? 0;
      sat[(y + 1) * (w + 1) + x + 1] = (sat[y * (w + 1) + x + 1] ?? 0) + row;
    }
  }
  return (x0, x1, y0, y1) => {
    const [a, b] = [Math.max(0, x0), Math.min(w - 1, x1) + 1];
    const [c, d] = [Math.max(0, y0), Math.min(h - 1, y1) + 1];
    if (b <= a || d <= c) return 0;
    const at = (x: number, y: number) => sat[y * (w + 1) + x] ?? 0;
    return (at(b, d) - at(a, d) - at(b, c) + at(a, c)) / ((b - a) * (d - c));
  };
}

interface Lengthened {
  x: number;
  sill: number;
  foot: number;
  /** The side of the jamb the glass is on, and how clearly the glass came down (the smaller ratio). */
  side: -1 | 1;
  ratio: number;
}

/** Each column's best window jamb that the result runs on down past its sill, with its brightness ratio. */
function lengthenedJambs(before: Scene, after: Scene): Lengthened[] {
  const { width: w, height: h } = before;
  const [lb, la] = [lineCounts(before), lineCounts(after)];
  const [then, now] = [brightness(before), brightness(after)];
  const above = Math.round(JAMB_ABOVE * h);
  const minRun = Math.round(LENGTHENED * h);
  const [gap, strip] = [Math.max(2, Math.round(STRIP.gap * w)), Math.max(4, Math.round(STRIP.width * w))];
  const found: Lengthened[] = [];
  for (let x = 2; x < w - 2; x++) {
    const [b, a] = [lb[x], la[x]];
    if (!b || !a) continue;
    let best: Lengthened | null = null;
    for (let sill = Math.round(SILL.from * h); sill <= Math.round(SILL.to * h); sill++) {
      if (shareOf(b, sill - above, sill) < LINE_RUN || shareOf(a, sill - above, sill) < LINE_RUN) continue;
      // How far down the result's line runs on where the photo has none.
      let foot = 0;
      for (let y = sill + minRun; y < h; y += 2) {
        if (shareOf(a, sill + 2, y) < LINE_RUN) break;
        if (shareOf(b, sill + 2, y) < NO_LINE) foot = y;
      }
      if (!foot) continue;
      for (const side of [-1, 1] as const) {
        const [x0, x1] = side < 0 ? [x - gap - strip, x - gap] : [x + gap, x + gap + strip];
        if (x1 < 0 || x0 > w - 1) continue;
        const glassThen = then(x0, x1, sill - above, sill - 2) + DARK;
        const glassNow = now(x0, x1, sill - above, sill - 2) + DARK;
        const underThen = then(x0, x1, sill + 3, foot) + DARK;
        const underNow = now(x0, x1, sill + 3, foot) + DARK;
        const ratio = Math.min(glassThen / underThen, underNow / underThen / (glassNow / glassThen));
        if (!best || ratio > best.ratio) best = { x, sill, foot, side, ratio };
      }
    }
    if (best) found.push(best);
  }
  return found;
}

/** Jambs of one window: at most this share of the width apart, their sills this share of the height. */
const ONE_WINDOW = { width: 0.3, sill: 0.05 };

/** Windows of the photo that the result carries down as glazing: 'the doorway added on the left'. */
export function windowsMadeDoors(before: Scene, after: Scene): FoundChange[] {
  const { width: w, height: h } = before;
  const strip = Math.max(4, Math.round(STRIP.width * w)) + Math.max(2, Math.round(STRIP.gap * w));
  const windows: Lengthened[][] = [];
  for (const j of lengthenedJambs(before, after).filter((l) => l.ratio >= BRIGHTER)) {
    const same = windows.find(
      ([first]) =>
        first &&
        j.x - first.x <= ONE_WINDOW.width * w &&
        Math.abs(j.sill - first.sill) <= ONE_WINDOW.sill * h,
    );
    if (same) same.push(j);
    else windows.push([j]);
  }
  return windows.map((jambs) => {
    // From each jamb to the glass beside it, from the old sill down to where the new lines end.
    const box = {
      x0: Math.max(0, Math.min(...jambs.map((j) => (j.side < 0 ? j.x - strip : j.x)))),
      y0: Math.min(...jambs.map((j) => j.sill)),
      x1: Math.min(w - 1, Math.max(...jambs.map((j) => (j.side < 0 ? j.x : j.x + strip)))),
      y1: Math.max(...jambs.map((j) => j.foot)),
    };
    const pixels = boxMask(box, w, h);
    return {
      element: 'door',
      place: placeOf((box.x0 + box.x1) / 2, w),
      added: true,
      box,
      pixels,
      strength: Math.min(1, 0.4 + ((box.y1 - box.y0) / h) * 2),
    };
  });
}
