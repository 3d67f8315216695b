import { seededRandom } from './seeded-random';
import type { Box, RoomSpec } from './synthetic-rooms';

const f = (n: number) => n.toFixed(1);
const rect = (b: Box, fill: string, rx = 0) =>
  `<rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.w)}" height="${f(b.h)}" rx="${f(rx)}" fill="${fill}"/>`;

const FABRICS = ['#4b5563', '#6b7280', '#9ca3af', '#1f2937', '#7c6f64', '#a3b18a', '#556b8d', '#b5838d'];
const WOODS = ['#6b4f3a', '#8d6e52', '#3f2e22', '#c8a97e'];

/**
 * Furniture on the floor of a room, as a staging adds it: a rug, a sofa against the back wall, a coffee
 * table, an armchair, and sometimes a floor lamp or a plant. Nothing covers the window or the door.
 */
export function furnitureSvg(spec: RoomSpec): string {
  const rand = seededRandom(spec.furnitureSeed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] ?? (items[0] as T);
  const { width: w, height: h, back, door, window: win } = spec;
  const wallBottom = back.y + back.h;
  const floorDepth = h - wallBottom;
  const sill = win.y + win.h + Math.max(4, win.h * 0.05) + h * 0.03;
  // The sofa stands in front of the wall part away from the door.
  const doorLeft = door.x < back.x + back.w / 2;
  const span = doorLeft
    ? { from: door.x + door.w + back.w * 0.04, to: back.x + back.w * 1.05 }
    : { from: back.x - back.w * 0.05, to: door.x - back.w * 0.04 };
  const sofaW = Math.min(span.to - span.from, back.w * (0.45 + rand() * 0.15));
  const sofaX = span.from + rand() * Math.max(0, span.to - span.from - sofaW);
  const sofaBase = wallBottom + floorDepth * (0.18 + rand() * 0.1);
  const sofaTop = Math.max(sill, sofaBase - h * (0.16 + rand() * 0.05));
  const fabric = pick(FABRICS);
  const wood = pick(WOODS);
  const parts: string[] = [];
  // Rug first: it lies under everything else.
  const rugTop = wallBottom + floorDepth * 0.25;
  const rugBottom = wallBottom + floorDepth * (0.7 + rand() * 0.2);
  parts.push(
    `<polygon points="${f(sofaX)},${f(rugTop)} ${f(sofaX + sofaW)},${f(rugTop)} ${f(sofaX + sofaW * 1.25)},${f(rugBottom)} ${f(sofaX - sofaW * 0.25)},${f(rugBottom)}" fill="${pick(['#d6ccc2', '#e9edc9', '#cdb4db', '#bde0fe'])}"/>`,
  );
  const seatH = (sofaBase - sofaTop) * 0.45;
  parts.push(rect({ x: sofaX, y: sofaTop, w: sofaW, h: sofaBase - sofaTop - seatH * 0.5 }, fabric, 8));
  parts.push(rect({ x: sofaX - sofaW * 0.04, y: sofaBase - seatH, w: sofaW * 1.08, h: seatH }, fabric, 6));
  for (let i = 0; i < 3; i++)
    parts.push(
      rect(
        { x: sofaX + sofaW * (0.08 + i * 0.3), y: sofaTop + seatH * 0.2, w: sofaW * 0.24, h: seatH * 0.9 },
        pick(FABRICS),
        6,
      ),
    );
  // Coffee table in front of the sofa.
  const tableY = sofaBase + floorDepth * (0.12 + rand() * 0.08);
  const tableW = sofaW * (0.45 + rand() * 0.15);
  const tableX = sofaX + (sofaW - tableW) / 2;
  parts.push(rect({ x: tableX, y: tableY, w: tableW, h: floorDepth * 0.05 }, wood, 3));
  parts.push(rect({ x: tableX + 6, y: tableY + floorDepth * 0.05, w: 6, h: floorDepth * 0.12 }, wood));
  parts.push(
    rect({ x: tableX + tableW - 12, y: tableY + floorDepth * 0.05, w: 6, h: floorDepth * 0.12 }, wood),
  );
  // An armchair at one side, near the camera.
  const chairW = w * (0.14 + rand() * 0.06);
  const chairX = rand() < 0.5 ? w * 0.03 : w * 0.97 - chairW;
  const chairBase = h * (0.93 + rand() * 0.05);
  const chairTop = Math.max(wallBottom + floorDepth * 0.1, chairBase - h * 0.22);
  const chair = pick(FABRICS);
  parts.push(rect({ x: chairX, y: chairTop, w: chairW, h: chairBase - chairTop }, chair, 10));
  parts.push(
    rect(
      {
        x: chairX - chairW * 0.08,
        y: chairTop + (chairBase - chairTop) * 0.4,
        w: chairW * 1.16,
        h: (chairBase - chairTop) * 0.45,
      },
      chair,
      8,
    ),
  );
  if (rand() < 0.5) {
    // A floor lamp beside the sofa: its shade stays below the window sill.
    const lampX = doorLeft
      ? Math.min(w * 0.95, sofaX + sofaW + w * 0.03)
      : Math.max(w * 0.05, sofaX - w * 0.03);
    const shadeY = Math.max(sill, sofaTop - h * 0.08);
    parts.push(rect({ x: lampX - 2, y: shadeY, w: 4, h: sofaBase - shadeY }, '#27272a'));
    parts.push(
      `<polygon points="${f(lampX - w * 0.02)},${f(shadeY)} ${f(lampX + w * 0.02)},${f(shadeY)} ${f(lampX + w * 0.03)},${f(shadeY + h * 0.06)} ${f(lampX - w * 0.03)},${f(shadeY + h * 0.06)}" fill="#fef3c7"/>`,
    );
  }
  if (rand() < 0.6) {
    // A plant in a pot on the floor.
    const px = w * (0.3 + rand() * 0.4);
    const py = h * (0.9 + rand() * 0.06);
    const r = w * 0.035;
    parts.push(rect({ x: px - r * 0.7, y: py - r * 1.4, w: r * 1.4, h: r * 1.4 }, '#b45309', 4));
    for (let i = 0; i < 5; i++)
      parts.push(
        `<ellipse cx="${f(px + (i - 2) * r * 0.5)}" cy="${f(py - r * (1.8 + (i % 2) * 0.6))}" rx="${f(r * 0.45)}" ry="${f(r * 0.9)}" fill="${i % 2 ? '#3f7d3a' : '#4d9a46'}"/>`,
      );
  }
  return parts.join('\n');
}
