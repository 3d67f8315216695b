import type { RoomSpec } from './synthetic-rooms';

// Fixtures for the synthetic rooms, drawn under their furniture: what the structure check must keep.

/** A fireplace standing on the floor in the middle of the back wall: a stone surround, a dark firebox. */
export function fireplaceSvg(spec: RoomSpec): string {
  const { back } = spec;
  const w = back.w * 0.22;
  const h = back.h * 0.26;
  const x = back.x + (back.w - w) / 2;
  const y = back.y + back.h - h;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#d6d3d1"/>` +
    `<rect x="${x - w * 0.06}" y="${y}" width="${w * 1.12}" height="${h * 0.08}" fill="#a8a29e"/>` +
    `<rect x="${x + w * 0.2}" y="${y + h * 0.3}" width="${w * 0.6}" height="${h * 0.7}" fill="#1c1917"/>`
  );
}

/** A dark flush-mount light in the middle of the ceiling. */
export const ceilingLightSvg = (spec: RoomSpec) =>
  `<ellipse cx="${spec.width / 2}" cy="${spec.back.y / 2}" rx="${spec.width * 0.045}" ry="${spec.height * 0.025}" fill="#57534e"/>`;
