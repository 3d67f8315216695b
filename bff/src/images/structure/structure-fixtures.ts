import { boxOf, components, maskOf, median, placeOf, type FoundChange } from './structure-regions';
import { boxMean, type Scene } from './structure-scene';

/**
 * A fixture against its surface: a ceiling light brighter or darker than the ceiling around it, a
 * fireplace's firebox darker than its wall. Found as a compact blob of the original that the result no
 * longer shows where a plain surface took its place (furniture standing in front is not a change).
 */
interface FixtureKind {
  element: 'ceiling-fixture' | 'fireplace';
  /** The surrounding surface is averaged over this share of the long edge (wider than the fixture). */
  around: number;
  /** Only darker than its surface (a firebox), or either way (a light lit or not). */
  darkOnly: boolean;
  /** Brightness off the surface (ratio - 1) a pixel of the fixture has at least. */
  contrast: number;
  /** Where its middle may be, as shares of the height. */
  centreFrom: number;
  centreTo: number;
  /** Its bottom at least this low (a firebox stands on the floor). */
  bottomFrom: number;
  /** Its box, as shares of the width and height. */
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
  /** The blob fills at least this share of its box (a firebox is a rectangle; a chair's legs are not). */
  minFill: number;
  /**
   * Gone when the result there is plain, or keeps at most this share of the fixture's texture (a small
   * light's edges reach into the ceiling around it, the skirting's into a firebox's bottom); low where
   * furniture may stand in front.
   */
  textureKept: number;
}

const KINDS: readonly FixtureKind[] = [
  {
    // On the ceiling: above the wall heads of a level camera; lamps on walls or art are lower.
    element: 'ceiling-fixture',
    around: 0.04,
    darkOnly: false,
    contrast: 0.14,
    centreFrom: 0,
    centreTo: 0.2,
    bottomFrom: 0,
    minWidth: 0.025,
    maxWidth: 0.16,
    minHeight: 0.015,
    maxHeight: 0.1,
    minFill: 0.25,
    textureKept: 0.5,
  },
  {
    // A firebox: low on a wall, dark, rectangular; a television hangs higher.
    element: 'fireplace',
    around: 0.1,
    darkOnly: true,
    contrast: 0.35,
    centreFrom: 0.5,
    centreTo: 0.85,
    bottomFrom: 0.55,
    minWidth: 0.05,
    maxWidth: 0.3,
    minHeight: 0.06,
    maxHeight: 0.25,
    minFill: 0.6,
    textureKept: 0.1,
  },
];

/** What the result keeps of the fixture's contrast, at most, for it to count as gone (a lit halo may stay). */
const GONE = 0.5;

function offSurface(scene: Scene, around: number): Float32Array {
  const { width: w, height: h, luma } = scene;
  const r = Math.max(2, Math.round(around * Math.max(w, h)));
  const surface = boxMean(luma, w, h, r);
  return luma.map((v, i) => (v + 8) / ((surface[i] ?? 0) + 8) - 1);
}

function fixtureChanges(before: Scene, after: Scene, kind: FixtureKind, plain: number): FoundChange[] {
  const { width: w, height: h } = before;
  const then = offSurface(before, kind.around);
  const now = offSurface(after, kind.around);
  // Darker and brighter parts apart: a dark fixture's bright halo on the ceiling would join it to the wall.
  const dark = new Uint8Array(w * h);
  const bright = new Uint8Array(w * h);
  // Only the rows a fixture of this kind can reach (a row more each way): a piece cut there is larger.
  const lo = Math.max(0, Math.floor((kind.centreFrom - kind.maxHeight / 2) * h) - 1);
  const hi = Math.min(h - 1, Math.ceil((kind.centreTo + kind.maxHeight / 2) * h) + 1);
  for (let i = lo * w; i < (hi + 1) * w; i++) {
    if (!before.valid[i] || !after.valid[i]) continue;
    const q = then[i] ?? 0;
    if (q <= -kind.contrast) dark[i] = 1;
    else if (!kind.darkOnly && q >= kind.contrast) bright[i] = 1;
  }
  const found: FoundChange[] = [];
  const blobs = [...components(dark, w, h), ...(kind.darkOnly ? [] : components(bright, w, h))];
  for (const px of blobs) {
    const { x0, y0, x1, y1 } = boxOf(px, w);
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const cy = (y0 + y1) / 2 / h;
    if (bw < kind.minWidth * w || bw > kind.maxWidth * w) continue;
    if (bh < kind.minHeight * h || bh > kind.maxHeight * h) continue;
    if (cy < kind.centreFrom || cy > kind.centreTo || y1 < kind.bottomFrom * h) continue;
    if ((y0 <= lo && lo > 0) || (y1 >= hi && hi < h - 1)) continue;
    if (px.length < kind.minFill * bw * bh) continue;
    // Not taller than wide by half again: a door's panel is a tall dark rectangle too.
    if (bh > 1.5 * bw) continue;
    // Cut by the sides: a zoom or crop moves what is there.
    if (x0 <= 1 || x1 >= w - 2 || y1 >= h - 2) continue;
    // Signed, in the fixture's own direction: a light gone leaves the ceiling, a firebox the wall.
    const sign = (then[px[0] ?? 0] ?? 0) < 0 ? -1 : 1;
    const wasOff = median(px.map((i) => sign * (then[i] ?? 0)));
    const isOff = median(px.map((i) => sign * (now[i] ?? 0)));
    // Gone, and a plain surface in its place (furniture in front of a fireplace is not a change).
    const textureNow = median(px.map((i) => after.texture[i] ?? 0));
    const textureThen = median(px.map((i) => before.texture[i] ?? 0));
    const plainNow = textureNow <= Math.max(plain, kind.textureKept * textureThen);
    if (isOff > GONE * wasOff || !plainNow) continue;
    const pixels = maskOf(px, w * h);
    found.push({
      element: kind.element,
      place: placeOf((x0 + x1) / 2, w),
      added: false,
      box: { x0, y0, x1, y1 },
      pixels,
      strength: Math.min(1, 0.4 + wasOff),
    });
  }
  return mergeTouching(found, w);
}

/** A fixture and the halo around it are one change: pieces whose boxes touch are merged. */
function mergeTouching(found: FoundChange[], w: number): FoundChange[] {
  const out: FoundChange[] = [];
  const near = (a: FoundChange['box'], b: FoundChange['box']) =>
    a.x0 <= b.x1 + 2 && b.x0 <= a.x1 + 2 && a.y0 <= b.y1 + 2 && b.y0 <= a.y1 + 2;
  for (const change of found) {
    const into = out.find((o) => near(o.box, change.box));
    if (!into) {
      out.push(change);
      continue;
    }
    const { box } = change;
    into.box = {
      x0: Math.min(into.box.x0, box.x0),
      y0: Math.min(into.box.y0, box.y0),
      x1: Math.max(into.box.x1, box.x1),
      y1: Math.max(into.box.y1, box.y1),
    };
    change.pixels.forEach((v, i) => {
      if (v) into.pixels[i] = 1;
    });
    into.strength = Math.max(into.strength, change.strength);
    into.place = placeOf((into.box.x0 + into.box.x1) / 2, w);
  }
  return out;
}

/** Ceiling lights and fireplaces of the original that the result covered or took away. */
export function fixtureChangesOf(before: Scene, after: Scene, plain: number): FoundChange[] {
  return KINDS.flatMap((kind) => fixtureChanges(before, after, kind, plain));
}

/** An added light is judged clear of the frame's edges (a zoom or crop moves what is there): shares of each side. */
const ADDED_CLEAR = { side: 0.03, top: 0.01 };

/**
 * Ceiling lights or fans the result shows where the photo's ceiling was plain (new downlights, a fan):
 * the same test as for one taken away, the two images swapped.
 */
export function addedCeilingLights(before: Scene, after: Scene, plain: number): FoundChange[] {
  const { width: w, height: h } = before;
  const kind = KINDS.find((k) => k.element === 'ceiling-fixture');
  if (!kind) return [];
  return fixtureChanges(after, before, kind, plain)
    .filter(
      ({ box }) =>
        box.x0 >= ADDED_CLEAR.side * w &&
        box.x1 < (1 - ADDED_CLEAR.side) * w &&
        box.y0 >= ADDED_CLEAR.top * h,
    )
    .map((c) => ({ ...c, added: true }));
}
