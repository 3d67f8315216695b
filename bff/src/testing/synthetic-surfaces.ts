import { doorSvg, windowSvg, type RoomSpec } from './synthetic-rooms';

// Finishes and built-ins for the synthetic rooms, drawn under their furniture: changes to the room's surfaces.

const f = (v: number) => v.toFixed(1);

/**
 * Patterned wallpaper over the left and back walls (small dark diamonds on a lighter ground, as a model
 * paints it), around the window and door, which stay.
 */
export function wallpaperSvg(spec: RoomSpec): string {
  const { back, height: h } = spec;
  const size = Math.max(10, Math.round(spec.width * 0.02));
  const points = `-4,-4 ${f(back.x)},${f(back.y)} ${f(back.x)},${f(back.y + back.h)} -4,${h + 4}`;
  return (
    `<defs><pattern id="paper" width="${size}" height="${size}" patternUnits="userSpaceOnUse">` +
    `<rect width="${size}" height="${size}" fill="#e7dcc8"/>` +
    `<path d="M${size / 2} 1 L${size - 1} ${size / 2} L${size / 2} ${size - 1} L1 ${size / 2} Z" fill="#6b4f3a"/>` +
    `</pattern></defs><polygon points="${points}" fill="url(#paper)"/>` +
    `<rect x="${f(back.x)}" y="${f(back.y)}" width="${f(back.w)}" height="${f(back.h)}" fill="url(#paper)"/>` +
    windowSvg(spec.window) +
    doorSvg(spec.door)
  );
}

/** Built-in shelving over the back wall, floor to near the ceiling, around its window and door (which stay). */
export function builtInShelvingSvg(spec: RoomSpec): string {
  const { back } = spec;
  const x = back.x + back.w * 0.02;
  const w = back.w * 0.96;
  const y = back.y + back.h * 0.04;
  const hh = back.h * 0.96;
  const shelves = Array.from({ length: 7 }, (_, i) => y + ((i + 1) * hh) / 8);
  const uprights = Array.from({ length: 7 }, (_, i) => x + (i * w) / 6);
  return (
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(hh)}" fill="#3f2a1c"/>` +
    shelves
      .map((sy) => `<rect x="${f(x)}" y="${f(sy)}" width="${f(w)}" height="${f(hh * 0.02)}" fill="#d9c2a0"/>`)
      .join('') +
    uprights
      .map(
        (ux) => `<rect x="${f(ux)}" y="${f(y)}" width="${f(w * 0.015)}" height="${f(hh)}" fill="#d9c2a0"/>`,
      )
      .join('') +
    windowSvg(spec.window) +
    doorSvg(spec.door)
  );
}

/** Dark timber beams across the ceiling, front to back. */
export function ceilingBeamsSvg(spec: RoomSpec): string {
  const { back, width: w } = spec;
  return Array.from({ length: 6 }, (_, i) => {
    const t = (i + 0.5) / 6;
    const top = -w * 0.2 + t * w * 1.4;
    const bottom = back.x + t * back.w;
    const half = w * 0.012;
    return `<polygon points="${f(top - half * 2)},-4 ${f(top + half * 2)},-4 ${f(bottom + half)},${f(back.y)} ${f(bottom - half)},${f(back.y)}" fill="#5a3d26"/>`;
  }).join('');
}

/** Built-in shelving of bottles, as a model paints it: dark cells, each with a light bottle, in a frame. */
function shelvingBlock(x: number, y: number, w: number, h: number): string {
  const cols = 4;
  const rows = 9;
  const cells = Array.from({ length: cols * rows }, (_, k) => {
    const cx = x + ((k % cols) + 0.25) * (w / cols);
    const cy = y + (Math.floor(k / cols) + 0.2) * (h / rows);
    const tone = ['#e8d8b0', '#b7c9a8', '#d9a48c'][k % 3] ?? '#e8d8b0';
    return `<rect x="${f(cx)}" y="${f(cy)}" width="${f(w / cols / 2)}" height="${f((h / rows) * 0.6)}" fill="${tone}"/>`;
  });
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#2b1d14"/>${cells.join('')}`;
}

/** The door's opening filled with built-in shelving, head to floor (its frame stays). */
export function doorShelvingSvg(spec: RoomSpec): string {
  const { door } = spec;
  const frame = Math.max(3, door.w * 0.07);
  return shelvingBlock(door.x + frame, door.y + frame, door.w - 2 * frame, door.h - frame);
}

/** The same shelving stood on the wall beside the door, which stays free. */
export function shelvingBesideDoorSvg(spec: RoomSpec): string {
  const { door, back } = spec;
  const gap = door.w * 0.15;
  const onLeft = door.x - back.x > back.x + back.w - door.x - door.w;
  const x = onLeft ? door.x - gap - door.w : door.x + door.w + gap;
  return shelvingBlock(x, door.y, door.w, door.h);
}

/** The floor line of the back wall, where a door or a counter stands. */
const floorOf = (spec: RoomSpec) => spec.back.y + spec.back.h;

/**
 * An open doorway where the door stands: its trim, and through it the hall beyond (a dimmer far wall, the
 * hall's side wall in shade, its floor), with no leaf. Drawn over a room without its door.
 */
export function openDoorwaySvg(spec: RoomSpec): string {
  const { door: d } = spec;
  const trim = Math.max(3, d.w * 0.07);
  const [x, y, w, h] = [d.x + trim, d.y + trim, d.w - 2 * trim, d.h - trim];
  return (
    `<rect x="${f(d.x)}" y="${f(d.y)}" width="${f(d.w)}" height="${f(d.h)}" fill="#f1f5f9"/>` +
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#8a8478"/>` +
    `<polygon points="${f(x)},${f(y)} ${f(x + w * 0.3)},${f(y + h * 0.12)} ${f(x + w * 0.3)},${f(y + h * 0.8)} ${f(x)},${f(y + h)}" fill="#6c665c"/>` +
    `<polygon points="${f(x)},${f(y + h)} ${f(x + w * 0.3)},${f(y + h * 0.8)} ${f(x + w)},${f(y + h * 0.8)} ${f(x + w)},${f(y + h)}" fill="#5b4330"/>`
  );
}

/** A dark built-in counter under the window, from its sill to the floor, wider than the window. */
export function counterUnderWindowSvg(spec: RoomSpec): string {
  const { window: win } = spec;
  const top = win.y + win.h + Math.max(4, win.h * 0.05);
  const [x, w] = [win.x - win.w * 0.25, win.w * 1.5];
  return (
    `<rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(floorOf(spec) - top)}" fill="#3b2a20"/>` +
    `<rect x="${f(x)}" y="${f(top)}" width="${f(w)}" height="${f(Math.max(3, win.h * 0.04))}" fill="#6b5a4e"/>`
  );
}

/** The window carried down to the floor as a glazed door, as a model turns a window into French doors. */
export function windowToFloorSvg(spec: RoomSpec): string {
  const { window: win } = spec;
  return windowSvg({ ...win, h: floorOf(spec) - win.y });
}

/** Where a radiator hangs under the window: from a fifth of the way below the sill, over half the way down. */
function underSill(spec: RoomSpec): { x: number; y: number; w: number; h: number } {
  const { window: win } = spec;
  const sill = win.y + win.h + Math.max(4, win.h * 0.05);
  const drop = floorOf(spec) - sill;
  return { x: win.x, y: sill + drop * 0.2, w: win.w, h: drop * 0.55 };
}

/** A white panel radiator under the window: a light panel with 14 darker vertical fins, as wide as the window. */
export function radiatorSvg(spec: RoomSpec): string {
  const { x, y, w, h } = underSill(spec);
  const fins = Array.from({ length: 14 }, (_, i) => {
    const fx = x + ((i + 0.5) * w) / 14 - w / 56;
    return `<rect x="${f(fx)}" y="${f(y + h * 0.06)}" width="${f(w / 28)}" height="${f(h * 0.88)}" fill="#c9c9c4"/>`;
  });
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#f4f4f2"/>${fins.join('')}`;
}

/**
 * A low white bookcase in the radiator's place, on the floor: two shelves of white and grey books of uneven
 * widths (as light and grey as a radiator, but with no regular fins).
 */
export function lowBookcaseSvg(spec: RoomSpec): string {
  const { x, y, w } = underSill(spec);
  const h = floorOf(spec) - y;
  const tones = ['#d6d3d1', '#fafaf9', '#a8a29e', '#e7e5e4', '#78716c', '#f5f5f4', '#c4c4c0', '#8c8c88'];
  const widths = [0.05, 0.08, 0.035, 0.06, 0.045, 0.09, 0.04, 0.07, 0.055, 0.03, 0.065];
  const books = [0, 1].flatMap((shelf) => {
    const top = y + h * (0.06 + shelf * 0.48);
    let at = x + w * 0.04;
    return widths.map((share, i) => {
      const bw = w * share * (shelf ? 0.9 : 1.05);
      const tall = h * (0.3 + ((i * 7 + shelf * 3) % 5) * 0.025);
      const book = `<rect x="${f(at)}" y="${f(top + h * 0.4 - tall)}" width="${f(bw)}" height="${f(tall)}" fill="${tones[(i + shelf * 3) % tones.length] ?? '#57534e'}"/>`;
      at += bw + w * 0.006;
      return at > x + w * 0.96 ? '' : book;
    });
  });
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#ecebe8"/>${books.join('')}`;
}

/** A fabric armchair stood in front of the radiator, covering most of it. */
export function armchairBeforeRadiatorSvg(spec: RoomSpec): string {
  const { x, y, w, h } = underSill(spec);
  return (
    `<rect x="${f(x - w * 0.05)}" y="${f(y - h * 0.15)}" width="${f(w * 1.1)}" height="${f(h * 1.6)}" rx="8" fill="#556b8d"/>` +
    `<rect x="${f(x + w * 0.1)}" y="${f(y + h * 0.45)}" width="${f(w * 0.8)}" height="${f(h * 0.35)}" rx="6" fill="#7c6f64"/>`
  );
}
