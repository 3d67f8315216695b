import { textureQuartile, type Scene } from './structure-scene';
import { colourChanges } from './structure-colour';
import { doorsBuiltOver } from './structure-built-ins';
import { doorwaysClosed } from './structure-doorways';
import { windowsMadeDoors } from './structure-window-doors';
import { addedCeilingLights, fixtureChangesOf } from './structure-fixtures';
import { boxOf, components, dilate, maskOf, median, placeOf, type FoundChange } from './structure-regions';

export { dilate, type FoundChange };

/** Texture levels (mean local contrast over 7x7): plain wall below; a frame, mullions or a view above 3x that. */
const PLAIN = 0.008;
const TEXTURED_OVER_PLAIN = 2;
/** A window's glass and view: brighter than the wall around it. */
const WINDOW_BRIGHTER = 1.03;
const WINDOW_RANK = 0.7;
/** Glass or a view turned into wall: this much dimmer than the picture's overall change. */
const DIMMED = 0.8;
/** Window and door heads are above eye level, so above the horizon of a level camera (the middle). */
const HEAD_ABOVE = 0.45;
/** Openings are judged above the usual furniture height; lower down, staging covers and uncovers. */
const OPENING_ZONE = 0.72;
/** An opening this large (share of the picture) that turned plain is one whatever its brightness. */
const LARGE_OPENING = 0.015;
/** Smallest side of an opening (share of the picture's side). */
const MIN_SIDE = 0.05;
/** Smallest opening: 0.4% of the picture (a small window far back). */
const MIN_OPENING = 0.004;
/** A door: tall, reaching below the middle of the picture, not wider than a third of it. */
const DOOR = { minHeight: 0.28, minBottom: 0.55, maxWidth: 0.3 };

/** Brightness of the pixels over that of the ring around their box (as wide as a quarter of the box). */
function brightnessContrast(scene: Scene, px: number[], box: FoundChange['box'], plain: number): number {
  const { width: w, height: h, luma, valid } = scene;
  const mx = Math.max(2, Math.round((box.x1 - box.x0) * 0.25));
  const my = Math.max(2, Math.round((box.y1 - box.y0) * 0.25));
  const ring: number[] = [];
  for (let y = Math.max(0, box.y0 - my); y <= Math.min(h - 1, box.y1 + my); y++)
    for (let x = Math.max(0, box.x0 - mx); x <= Math.min(w - 1, box.x1 + mx); x++) {
      const inBox = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      // Only plain wall around it: new furniture or art beside an opening says nothing about it.
      if (!inBox && valid[y * w + x] && (scene.texture[y * w + x] ?? 0) <= plain)
        ring.push(luma[y * w + x] ?? 0);
    }
  if (ring.length < 8) return 1;
  return (median(px.map((i) => luma[i] ?? 0)) + 8) / (median(ring) + 8);
}

/**
 * Openings that went (a window or door turned into plain wall) or came (a bright opening on a plain
 * wall): where one image is textured and the other plain, above the furniture, told apart from art or
 * furniture taken away by what an opening looks like (a window is brighter than its wall; a door is tall).
 */
function openingChanges(from: Scene, to: Scene, added: boolean): FoundChange[] {
  const { width: w, height: h } = from;
  const plain = Math.max(plainLevel(from.texture), plainLevel(to.texture));
  const bright = upperBrightness(from, WINDOW_RANK);
  const grade = brightnessGrade(from, to);
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) {
    const y = Math.floor(i / w);
    if (y > h * OPENING_ZONE || !from.valid[i] || !to.valid[i]) continue;
    if ((from.texture[i] ?? 0) >= TEXTURED_OVER_PLAIN * plain && (to.texture[i] ?? 0) <= plain) mask[i] = 1;
    // A bright view or glass gone dim as wall (overexposed views have no texture to lose).
    const ratio = ((to.luma[i] ?? 0) + 8) / ((from.luma[i] ?? 0) + 8) / grade;
    if ((from.luma[i] ?? 0) >= bright && ratio < DIMMED && (to.texture[i] ?? 0) <= plain) mask[i] = 1;
  }
  const found: FoundChange[] = [];
  for (const px of components(dilate(mask, w, h, 4), w, h)) {
    const box = boxOf(px, w);
    const area = (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1);
    if (area < MIN_OPENING * w * h || px.length < area * 0.25) continue;
    // Windows and doors have a size both ways: a thin band is a line that faded (a ceiling edge).
    const bw = box.x1 - box.x0 + 1;
    const bh = box.y1 - box.y0 + 1;
    if (bw < MIN_SIDE * w || bh < MIN_SIDE * h) continue;
    // Cut by the frame: a zoom or crop moves what is at the border, and it cannot be named reliably.
    if (box.x0 <= 1 || box.x1 >= w - 2 || box.y0 <= 1) continue;
    const contrastThen = brightnessContrast(from, px, box, plain);
    const contrastNow = brightnessContrast(to, px, box, plain);
    const tall =
      box.y1 - box.y0 >= DOOR.minHeight * h &&
      box.y0 < HEAD_ABOVE * h &&
      box.y1 >= DOOR.minBottom * h &&
      box.x1 - box.x0 <= DOOR.maxWidth * w;
    const level = median(px.map((i) => from.luma[i] ?? 0));
    // Filled in: at least half of its brightness over the wall gone; or a large framed opening, not darker
    // than its wall (a television, a dark canvas taken away is decor), turned plain and no brighter.
    const dimmed =
      contrastThen >= WINDOW_BRIGHTER && level >= bright && contrastNow < 1 + (contrastThen - 1) / 2;
    const large =
      px.length >= LARGE_OPENING * w * h && contrastThen >= 0.97 && contrastNow <= contrastThen + 0.01;
    const isWindow = box.y0 < HEAD_ABOVE * h && (dimmed || large);
    // A tall textured thing that appeared is furniture, a plant or a curtain far more often than a door.
    if (!isWindow && (!tall || added)) continue;
    const pixels = maskOf(px, w * h);
    found.push({
      // Tall, reaching low: a door (or a French window, door-like); otherwise a window.
      element: tall ? 'door' : 'window',
      place: placeOf((box.x0 + box.x1) / 2, w),
      added,
      box,
      pixels,
      strength: Math.min(1, 0.4 + (area / (w * h)) * 10),
    });
  }
  return found;
}

/** Plain: below a fixed contrast, or among the smoothest quarter of that picture (a grainy photo's walls). */
export function plainLevel(texture: Float32Array): number {
  return Math.max(PLAIN, 1.3 * textureQuartile(texture));
}

/** Each lined-up result's grade against its photo, worked out once (the openings and radiators ask it). */
const grades = new WeakMap<Scene, { from: Scene; grade: number }>();

/** The typical brightness ratio between the two (a relight or exposure change), over the whole frame. */
export function brightnessGrade(from: Scene, to: Scene): number {
  const known = grades.get(to);
  if (known?.from === from) return known.grade;
  const ratios: number[] = [];
  for (let i = 0; i < from.luma.length; i += 3)
    if (from.valid[i] && to.valid[i]) ratios.push(((to.luma[i] ?? 0) + 8) / ((from.luma[i] ?? 0) + 8));
  const grade = median(ratios) || 1;
  grades.set(to, { from, grade });
  return grade;
}

/** The brightness at this rank over the upper part of the picture (where windows are). */
function upperBrightness(scene: Scene, rank: number): number {
  const n = scene.width * Math.floor(scene.height * OPENING_ZONE);
  const values = Float32Array.from(scene.luma.subarray(0, n)).sort();
  return values[Math.floor(values.length * rank)] ?? 255;
}

/**
 * Another room or viewpoint: less than this share of the original's clear edges above the horizon is
 * found in the result, however it is lined up (the same room keeps its ceiling line, openings' heads
 * and corners even when furnished, decluttered or relit).
 */
const MIN_KEPT = 0.44;

/**
 * Every changed permanent element, each with its place; an empty list when the room is kept. `fixtures`:
 * look for ceiling lights and fireplaces too (not on an exterior photo); `radiators`: those found taken away.
 */
export function findChanges(
  before: Scene,
  after: Scene,
  kept: number,
  {
    fixtures: withFixtures = true,
    radiators = [],
  }: { fixtures?: boolean; radiators?: readonly FoundChange[] } = {},
): FoundChange[] {
  const { width: w, height: h } = before;
  if (kept < MIN_KEPT) {
    const pixels = new Uint8Array(w * h).fill(1);
    return [
      {
        element: 'room',
        place: 'middle',
        added: false,
        box: { x0: 0, y0: 0, x1: w - 1, y1: h - 1 },
        pixels,
        strength: 1,
      },
    ];
  }
  // Openings that appeared are not looked for here: a mirror or a bright picture looks just like one.
  const plain = Math.max(plainLevel(before.texture), plainLevel(after.texture));
  const openings = openingChanges(before, after, false);
  const within = (inner: FoundChange, outer: FoundChange) => {
    const [cx, cy] = [(inner.box.x0 + inner.box.x1) / 2, (inner.box.y0 + inner.box.y1) / 2];
    return cx >= outer.box.x0 && cx <= outer.box.x1 && cy >= outer.box.y0 && cy <= outer.box.y1;
  };
  // A door's dark panel is no fireplace; a fireplace's surround or a ceiling light is no window.
  const doors = openings.filter((o) => o.element === 'door');
  const fixtures = (
    withFixtures
      ? [...fixtureChangesOf(before, after, plain), ...addedCeilingLights(before, after, plain)]
      : []
  ).filter((f) => !doors.some((d) => within(f, d)));
  // A door found gone as wall is not found again as built over.
  const builtOver = doorsBuiltOver(before, after, plain).filter((b) => !doors.some((d) => within(b, d)));
  const closed = doorwaysClosed(before, after, plain).filter((c) => !doors.some((d) => within(c, d)));
  // A radiator's top, low under a window, is no window.
  const overlaps = (a: FoundChange, b: FoundChange) => within(a, b) || within(b, a);
  return [
    ...openings.filter(
      (o) =>
        o.element === 'door' ||
        (!fixtures.some((f) => within(f, o)) && !radiators.some((r) => overlaps(r, o))),
    ),
    ...builtOver,
    ...closed,
    ...windowsMadeDoors(before, after),
    ...fixtures,
    ...radiators,
    ...colourChanges(before, after),
  ];
}
