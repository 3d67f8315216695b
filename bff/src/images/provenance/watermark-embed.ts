import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '@shared/domain';
import { payloadBits } from './watermark-payload';
import { GRID_CELLS, TILE, tileFor } from './watermark-pattern';

/** Grey levels added in flat areas, and at most in busy ones: kept low enough for PSNR above 40 dB. */
const STRENGTH_FLAT = 1.5;
const STRENGTH_BUSY = 4;
/** How much local texture raises the strength (texture hides the pattern). */
const TEXTURE_GAIN = 0.2;

/** The raw RGB pixels of `data` with the watermark carrying `code` added to their luminance. */
export async function watermarkPixels(
  data: Buffer,
  code: string | null,
): Promise<{ rgb: Buffer; width: number; height: number }> {
  const { data: rgb, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const raw = { raw: { width, height, channels: 1 as const } };
  const grey = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .greyscale()
    .raw()
    .toBuffer();
  const smooth = await sharp(grey, raw).blur(2).raw().toBuffer();
  const detail = Buffer.alloc(grey.length);
  for (let i = 0; i < grey.length; i++) detail[i] = Math.abs(grey[i]! - smooth[i]!);
  // Texture measured around each pixel, not at it: the pattern must not trace the image's edges.
  const texture = await sharp(detail, raw).blur(6).raw().toBuffer();
  const tile = tileFor(payloadBits(code));
  const cell = Math.max(width, height) / GRID_CELLS;
  const column = Int32Array.from({ length: width }, (_, x) => Math.floor(x / cell) % TILE);
  // Each cell's mark is a smooth bump, not a flat square: edges between cells are what an eye sees.
  const bump = (at: number) => Math.sin(Math.PI * (((at + 0.5) / cell) % 1));
  const across = Float32Array.from({ length: width }, (_, x) => bump(x));
  for (let y = 0; y < height; y++) {
    const row = (Math.floor(y / cell) % TILE) * TILE;
    const down = bump(y);
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const strength = Math.min(STRENGTH_BUSY, STRENGTH_FLAT + TEXTURE_GAIN * texture[i]!);
      const delta = strength * down * across[x]! * tile[row + column[x]!]!;
      for (let c = i * 3; c < i * 3 + 3; c++)
        rgb[c] = Math.max(0, Math.min(255, Math.round(rgb[c]! + delta)));
    }
  }
  return { rgb, width, height };
}

/** `data` re-encoded as a JPEG (its XMP kept) with the watermark carrying `code` in its pixels. */
export async function embedWatermark(data: Buffer, code: string | null, quality: number): Promise<Buffer> {
  const { xmp } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const { rgb, width, height } = await watermarkPixels(data, code);
  const image = sharp(rgb, { raw: { width, height, channels: 3 } });
  return (xmp ? image.withXmp(xmp.toString('utf8')) : image).jpeg({ quality }).toBuffer();
}
