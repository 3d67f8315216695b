import sharp from 'sharp';
import { furnitureSvg } from './synthetic-furniture';
import { seededRandom } from './seeded-random';

export { seededRandom };

/**
 * Rooms drawn from a seed, to measure the structure check: an empty room (walls, floor, a window, a
 * door) and the same room changed in the ways a staging may (furniture, a colour shift, a small shift)
 * or must not (a window moved, the door gone, a wall repainted).
 */
export const ROOM_VARIANTS = [
  'empty',
  'furnished',
  'colour-shift',
  'pixel-shift',
  'furnished-shifted',
  'window-moved',
  'door-removed',
  'wall-recoloured',
] as const;
export type RoomVariant = (typeof ROOM_VARIANTS)[number];

/** What a correct structure check says about each variant compared with the empty room. */
export const EXPECTED_VERDICT: Record<Exclude<RoomVariant, 'empty'>, 'pass' | 'flag'> = {
  furnished: 'pass',
  'colour-shift': 'pass',
  'pixel-shift': 'pass',
  'furnished-shifted': 'pass',
  'window-moved': 'flag',
  'door-removed': 'flag',
  'wall-recoloured': 'flag',
};

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RoomSpec {
  seed: number;
  width: number;
  height: number;
  /** The back wall's rectangle; the side walls, ceiling and floor run from its corners to the frame's. */
  back: Box;
  wallHue: number;
  floorHue: number;
  window: Box;
  movedWindow: Box;
  door: Box;
  colourShift: { brightness: number; saturation: number; hue: number; offsets: [number, number, number] };
  pixelShift: { dx: number; dy: number };
  furnitureSeed: number;
}

const SHAPES = [
  [4, 3],
  [3, 2],
  [16, 9],
  [3, 4],
] as const;
const LONG_EDGES = [800, 1024, 1280, 1600] as const;

const pick = <T>(rand: () => number, items: readonly T[]): T =>
  items[Math.floor(rand() * items.length)] ?? (items[0] as T);
const between = (rand: () => number, lo: number, hi: number) => lo + rand() * (hi - lo);

/** A room from its seed: shape, size, colours, where the window and the door are, and where the window goes. */
export function makeRoom(seed: number): RoomSpec {
  const rand = seededRandom(seed);
  const [sw, sh] = pick(rand, SHAPES);
  const long = pick(rand, LONG_EDGES);
  const width = Math.round(sw >= sh ? long : (long * sw) / sh);
  const height = Math.round(sw >= sh ? (long * sh) / sw : long);
  const bx = width * between(rand, 0.18, 0.27);
  const by = height * between(rand, 0.14, 0.22);
  const back = {
    x: bx,
    y: by,
    w: width - bx - width * between(rand, 0.18, 0.27),
    h: height * between(rand, 0.42, 0.5),
  };
  const win = { w: back.w * between(rand, 0.2, 0.3), h: back.h * between(rand, 0.38, 0.5) };
  const door = { w: back.w * between(rand, 0.15, 0.2), h: back.h * between(rand, 0.72, 0.82) };
  const margin = back.w * 0.06;
  const doorLeft = rand() < 0.5;
  const doorX = doorLeft ? back.x + margin : back.x + back.w - margin - door.w;
  const windowY = back.y + back.h * between(rand, 0.12, 0.22);
  // The window sits in the free part of the wall, and moves within it by most of its own width.
  const free = doorLeft
    ? { from: doorX + door.w + margin, to: back.x + back.w - margin }
    : { from: back.x + margin, to: doorX - margin };
  const room = free.to - free.from - win.w;
  const at = between(rand, 0, 1);
  const windowX = free.from + room * at;
  const movedX = free.from + room * (at < 0.5 ? Math.min(1, at + 0.85) : Math.max(0, at - 0.85));
  const movedWindow =
    Math.abs(movedX - windowX) >= win.w * 0.6
      ? { x: movedX, y: windowY, ...win }
      : { x: windowX, y: windowY + win.h * 0.7, ...win };
  return {
    seed,
    width,
    height,
    back,
    wallHue: Math.floor(rand() * 360),
    floorHue: between(rand, 20, 40),
    window: { x: windowX, y: windowY, ...win },
    movedWindow,
    door: { x: doorX, y: back.y + back.h - door.h, ...door },
    colourShift: {
      brightness: between(rand, 0.92, 1.08),
      saturation: between(rand, 0.85, 1.15),
      hue: Math.round(between(rand, -8, 8)),
      offsets: [between(rand, -8, 8), between(rand, -8, 8), between(rand, -8, 8)],
    },
    pixelShift: { dx: pick(rand, [-2, -1, 1, 2]), dy: pick(rand, [-2, -1, 0, 1, 2]) },
    furnitureSeed: Math.floor(rand() * 2 ** 31),
  };
}

/** The first room from `fromSeed` on whose short edge is at least `minShortEdge` (a stageable photo). */
export function roomAtLeast(minShortEdge: number, fromSeed = 1): RoomSpec {
  for (let seed = fromSeed; ; seed++) {
    const spec = makeRoom(seed);
    if (Math.min(spec.width, spec.height) >= minShortEdge) return spec;
  }
}

const f = (n: number) => n.toFixed(1);
const rect = (b: Box, fill: string, extra = '') =>
  `<rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" fill="${fill}" ${extra}/>`;
const poly = (points: [number, number][], fill: string) =>
  `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}"/>`;

export function windowSvg(b: Box): string {
  const frame = Math.max(3, b.w * 0.06);
  const glass = { x: b.x + frame, y: b.y + frame, w: b.w - 2 * frame, h: b.h - 2 * frame };
  return (
    rect({ x: b.x - 4, y: b.y - 4, w: b.w + 8, h: b.h + 8 }, '#f8fafc') +
    rect(glass, '#9cc7e6') +
    rect({ x: glass.x, y: glass.y + glass.h * 0.55, w: glass.w, h: glass.h * 0.45 }, '#b9dbf0') +
    rect({ x: b.x + b.w / 2 - frame / 3, y: b.y, w: (frame * 2) / 3, h: b.h }, '#f1f5f9') +
    rect({ x: b.x, y: b.y + b.h * 0.45, w: b.w, h: (frame * 2) / 3 }, '#f1f5f9') +
    rect({ x: b.x - b.w * 0.06, y: b.y + b.h, w: b.w * 1.12, h: Math.max(4, b.h * 0.05) }, '#e2e8f0')
  );
}

export function doorSvg(b: Box): string {
  const frame = Math.max(3, b.w * 0.07);
  const panel = { x: b.x + frame, y: b.y + frame, w: b.w - 2 * frame, h: b.h - frame };
  return (
    rect(b, '#f1f5f9') +
    rect(panel, '#8b5e3c') +
    rect(
      { x: panel.x + panel.w * 0.15, y: panel.y + panel.h * 0.08, w: panel.w * 0.7, h: panel.h * 0.35 },
      '#7a5233',
    ) +
    rect(
      { x: panel.x + panel.w * 0.15, y: panel.y + panel.h * 0.52, w: panel.w * 0.7, h: panel.h * 0.4 },
      '#7a5233',
    ) +
    `<circle cx="${f(panel.x + panel.w * 0.86)}" cy="${f(panel.y + panel.h * 0.5)}" r="${f(Math.max(2, b.w * 0.04))}" fill="#d4af37"/>`
  );
}

/**
 * The SVG of a room as `variant` shows it (before any colour shift or JPEG compression); `fixtures` is
 * drawn on its walls and ceiling, under any furniture (a fireplace, a ceiling light).
 */
export function roomSvg(spec: RoomSpec, variant: RoomVariant, fixtures = ''): string {
  const { width: w, height: h, back } = spec;
  const hue = variant === 'wall-recoloured' ? (spec.wallHue + 150) % 360 : spec.wallHue;
  const sat = variant === 'wall-recoloured' ? 45 : 22;
  const wall = (l: number) => `hsl(${hue}, ${sat}%, ${l}%)`;
  const [x0, y0, x1, y1] = [back.x, back.y, back.x + back.w, back.y + back.h];
  const floor = `hsl(${f(spec.floorHue)}, 40%, 42%)`;
  const boards = Array.from({ length: 9 }, (_, i) => {
    const t = (i + 1) / 10;
    const top = x0 + t * back.w;
    const bottom = -w * 0.4 + t * w * 1.8;
    return `<line x1="${f(top)}" y1="${f(y1)}" x2="${f(bottom)}" y2="${h}" stroke="hsl(${f(spec.floorHue)}, 40%, 34%)" stroke-width="2"/>`;
  }).join('');
  const shift =
    variant === 'pixel-shift' || variant === 'furnished-shifted' ? spec.pixelShift : { dx: 0, dy: 0 };
  const furnished = variant === 'furnished' || variant === 'furnished-shifted';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <rect width="${w}" height="${h}" fill="#f3f1ec"/>
  <g transform="translate(${shift.dx} ${shift.dy})">
  ${poly(
    [
      [-4, -4],
      [w + 4, -4],
      [x1, y0],
      [x0, y0],
    ],
    '#f3f1ec',
  )}
  ${poly(
    [
      [-4, -4],
      [x0, y0],
      [x0, y1],
      [-4, h + 4],
    ],
    wall(70),
  )}
  ${poly(
    [
      [w + 4, -4],
      [x1, y0],
      [x1, y1],
      [w + 4, h + 4],
    ],
    wall(80),
  )}
  ${rect(back, wall(76))}
  ${poly(
    [
      [-4, h + 4],
      [x0, y1],
      [x1, y1],
      [w + 4, h + 4],
    ],
    floor,
  )}
  ${boards}
  ${rect({ x: x0, y: y1 - Math.max(4, h * 0.012), w: back.w, h: Math.max(4, h * 0.012) }, '#fafaf9')}
  ${windowSvg(variant === 'window-moved' ? spec.movedWindow : spec.window)}
  ${variant === 'door-removed' ? '' : doorSvg(spec.door)}
  ${fixtures}
  ${furnished ? furnitureSvg(spec) : ''}
  </g></svg>`;
}

/** The room as a JPEG, the way an engine's result reaches the check. */
export async function renderRoom(spec: RoomSpec, variant: RoomVariant, fixtures = ''): Promise<Buffer> {
  let image = sharp(Buffer.from(roomSvg(spec, variant, fixtures)));
  if (variant === 'colour-shift' || variant === 'furnished-shifted') {
    const { brightness, saturation, hue, offsets } = spec.colourShift;
    image = sharp(await image.modulate({ brightness, saturation, hue }).png().toBuffer()).linear(
      [1, 1, 1],
      offsets,
    );
  }
  return image.removeAlpha().jpeg({ quality: 88 }).toBuffer();
}
