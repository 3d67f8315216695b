import sharp from 'sharp';
import { roomSvg, type RoomSpec, type RoomVariant } from './synthetic-rooms';

const f = (n: number) => n.toFixed(1);

/** A fireplace on the back wall, standing on the floor, on the half away from the window. */
export function fireplaceSvg(spec: RoomSpec): string {
  const { back } = spec;
  const w = back.w * 0.28;
  const h = back.h * 0.42;
  const windowLeft = spec.window.x + spec.window.w / 2 < back.x + back.w / 2;
  const x = back.x + back.w * (windowLeft ? 0.62 : 0.1);
  const y = back.y + back.h - h;
  return `<rect x="${f(x - w * 0.08)}" y="${f(y - h * 0.08)}" width="${f(w * 1.16)}" height="${f(h * 0.1)}" fill="#6b5a4a"/>
  <rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#9a8b7a" stroke="#4a3b2e" stroke-width="4"/>
  <rect x="${f(x + w * 0.2)}" y="${f(y + h * 0.35)}" width="${f(w * 0.6)}" height="${f(h * 0.65)}" fill="#1c1714"/>`;
}

/** A ceiling light in the middle of the ceiling, on a short cord. */
export function ceilingLightSvg(spec: RoomSpec): string {
  const cx = spec.width * 0.5;
  const cy = spec.back.y * 0.45;
  const r = spec.width * 0.035;
  return `<line x1="${f(cx)}" y1="0" x2="${f(cx)}" y2="${f(cy - r)}" stroke="#333" stroke-width="3"/>
  <ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.6)}" ry="${f(r)}" fill="#fff6d8" stroke="#8a7a5a" stroke-width="3"/>`;
}

/** The room as `variant` shows it with `extra` drawn into it (a fixture), as a JPEG. */
export function renderRoomWith(spec: RoomSpec, variant: RoomVariant, extra: string): Promise<Buffer> {
  const svg = roomSvg(spec, variant).replace('</g></svg>', `${extra}</g></svg>`);
  return sharp(Buffer.from(svg)).removeAlpha().jpeg({ quality: 88 }).toBuffer();
}
