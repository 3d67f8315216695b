import sharp from 'sharp';

/** Where things are in the exterior test photo, as shares of its height. */
export const EXTERIOR_LAYOUT = { skyBottom: 0.3, houseTop: 0.22, lawnTop: 0.68 } as const;

/** A house front: a blue sky above, a beige house with a dark roof and windows, a dry lawn below. */
export async function exteriorJpeg(width = 1200, height = 900): Promise<Buffer> {
  const { skyBottom, houseTop, lawnTop } = EXTERIOR_LAYOUT;
  const y = (share: number) => Math.round(height * share);
  const x = (share: number) => Math.round(width * share);
  // Blades of grass: short darker strokes, always at the same places.
  const blades = Array.from({ length: 400 }, (_, i) => {
    const bx = (i * 7919) % width;
    const by = y(lawnTop) + 6 + ((i * 104729) % (height - y(lawnTop) - 12));
    return `<line x1="${bx}" y1="${by}" x2="${bx + 2}" y2="${by - 6}" stroke="#8a8a40" stroke-width="2"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="rgb(120,170,225)"/><stop offset="1" stop-color="rgb(185,212,240)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${y(lawnTop)}" fill="url(#s)"/>
    <rect x="${x(0.2)}" y="${y(skyBottom)}" width="${x(0.6)}" height="${y(lawnTop) - y(skyBottom)}" fill="rgb(214,196,168)"/>
    <polygon points="${x(0.15)},${y(skyBottom)} ${x(0.5)},${y(houseTop) - y(0.1)} ${x(0.85)},${y(skyBottom)}" fill="rgb(84,72,70)"/>
    <rect x="${x(0.3)}" y="${y(0.4)}" width="${x(0.12)}" height="${y(0.12)}" fill="rgb(60,70,86)"/>
    <rect x="${x(0.58)}" y="${y(0.4)}" width="${x(0.12)}" height="${y(0.12)}" fill="rgb(60,70,86)"/>
    <rect x="${x(0.46)}" y="${y(0.48)}" width="${x(0.08)}" height="${y(lawnTop) - y(0.48)}" fill="rgb(110,60,40)"/>
    <rect y="${y(lawnTop)}" width="${width}" height="${height - y(lawnTop)}" fill="rgb(160,160,82)"/>
    ${blades}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
