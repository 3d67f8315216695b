import sharp from 'sharp';
import type { EDIT_KIND_TABLE, EnhancementKind } from '@shared/domain';
import type { PaintMask } from './edit-mask';
import {
  floorRegion,
  lawnRegion,
  lumaAt,
  regionLuma,
  skyRegion,
  wallRegion,
  type RgbImage,
} from './preview-regions';

type Rgb = readonly [number, number, number];
type PresetsOf<K extends keyof typeof EDIT_KIND_TABLE> = keyof (typeof EDIT_KIND_TABLE)[K]['presets'];

/** The preview's colours for each preset: a sky's top and horizon, a lawn's green, a floor's material. */
const SKIES = {
  'Clear blue': [
    [38, 104, 196],
    [150, 198, 240],
  ],
  'Soft clouds': [
    [70, 130, 205],
    [215, 230, 245],
  ],
  Sunset: [
    [92, 70, 150],
    [250, 160, 90],
  ],
} as const satisfies Record<PresetsOf<'sky'>, readonly [Rgb, Rgb]>;
const DUSKS = {
  'Warm twilight': [
    [30, 36, 92],
    [236, 128, 70],
  ],
  'Blue hour': [
    [16, 28, 84],
    [96, 110, 170],
  ],
} as const satisfies Record<PresetsOf<'dusk'>, readonly [Rgb, Rgb]>;
const LAWNS = {
  'Lush green': [64, 150, 52],
  'Freshly mowed': [76, 160, 60],
} as const satisfies Record<PresetsOf<'lawn'>, Rgb>;
const FLOORS = {
  'Light oak': [196, 160, 112],
  Walnut: [96, 62, 38],
  'Grey tile': [176, 176, 172],
  'White marble': [232, 230, 226],
  'Beige carpet': [206, 190, 164],
} as const satisfies Record<PresetsOf<'floor'>, Rgb>;

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
const hexRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const pick = <T>(table: Record<string, T>, key: string | undefined, fallback: T): T =>
  (key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined) ?? fallback;

/** The sky rows as a vertical gradient from `top` to `horizon` at the sky's lowest row. */
function paintSky(img: RgbImage, sky: Uint8Array, [top, horizon]: readonly [Rgb, Rgb]) {
  const { data, width } = img;
  let lowest = 1;
  for (let p = 0; p < sky.length; p++) if (sky[p]) lowest = Math.max(lowest, Math.floor(p / width));
  for (let p = 0; p < sky.length; p++) {
    if (!sky[p]) continue;
    const t = Math.min(1, Math.floor(p / width) / lowest);
    for (let c = 0; c < 3; c++) data[p * 3 + c] = clamp((top[c] ?? 0) * (1 - t) + (horizon[c] ?? 0) * t);
  }
}

/** The region in `colour`, keeping each pixel's shading relative to the region's mean brightness. */
function recolour(img: RgbImage, region: Uint8Array, colour: Rgb, texture?: (p: number) => number) {
  const mean = Math.max(1, regionLuma(img, region));
  for (let p = 0; p < region.length; p++) {
    if (!region[p]) continue;
    const shade = (lumaAt(img.data, p) / mean) * (texture ? texture(p) : 1);
    for (let c = 0; c < 3; c++) img.data[p * 3 + c] = clamp((colour[c] ?? 0) * shade);
  }
}

/** Day to dusk: the whole photo darker and warmer, the sky a twilight gradient, bright windows glowing. */
function dusk(img: RgbImage, preset: string | undefined) {
  const sky = skyRegion(img);
  const { data } = img;
  for (let p = 0; p < sky.length; p++) {
    if (sky[p]) continue;
    const luma = lumaAt(data, p);
    // What was brightest (windows, lamps) glows warm; the rest falls into evening light.
    if (luma > 215) {
      data[p * 3] = 255;
      data[p * 3 + 1] = 214;
      data[p * 3 + 2] = 150;
      continue;
    }
    data[p * 3] = clamp((data[p * 3] ?? 0) * 0.62);
    data[p * 3 + 1] = clamp((data[p * 3 + 1] ?? 0) * 0.52);
    data[p * 3 + 2] = clamp((data[p * 3 + 2] ?? 0) * 0.5);
  }
  paintSky(img, sky, pick(DUSKS, preset, DUSKS['Warm twilight']));
}

export interface EnhanceParams {
  preset?: string;
  colour?: string;
}

/**
 * The preview engine's honest stand-in for an enhancement: a visible, colour-based change of the region
 * the mode is meant to change (see preview-regions), never claimed to be AI.
 */
export async function previewEnhance(
  image: Buffer,
  kind: EnhancementKind,
  { preset, colour }: EnhanceParams,
): Promise<Buffer> {
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const img: RgbImage = { data, width: info.width, height: info.height };
  if (kind === 'dusk') dusk(img, preset);
  if (kind === 'sky') paintSky(img, skyRegion(img), pick(SKIES, preset, SKIES['Clear blue']));
  if (kind === 'lawn')
    recolour(img, lawnRegion(img, skyRegion(img)), pick(LAWNS, preset, LAWNS['Lush green']));
  if (kind === 'paint') recolour(img, wallRegion(img).region, hexRgb(colour ?? '#D1CBC1'));
  if (kind === 'floor') {
    // Planks (or tiles) as a faint stripe every twelfth of the width.
    const stripe = (p: number) => (Math.floor(((p % img.width) * 12) / img.width) % 2 ? 0.94 : 1.04);
    recolour(img, floorRegion(img).region, pick(FLOORS, preset, FLOORS['Light oak']), stripe);
  }
  return sharp(data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Add (fill): the painted area tinted, nothing added; the version's note says so. */
export async function previewOutline(image: Buffer, mask: PaintMask): Promise<Buffer> {
  const { width, height } = mask;
  const data = await sharp(image)
    .rotate()
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const tint: Rgb = [99, 102, 241];
  for (let p = 0; p < width * height; p++)
    if (mask.data[p])
      for (let c = 0; c < 3; c++)
        data[p * 3 + c] = clamp((data[p * 3 + c] ?? 0) * 0.6 + (tint[c] ?? 0) * 0.4);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
