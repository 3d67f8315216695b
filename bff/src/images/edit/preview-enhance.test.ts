import sharp, { type Stats } from 'sharp';
import { describe, expect, it } from 'vitest';
import { EXTERIOR_LAYOUT, exteriorJpeg } from '../../testing/exterior-photo';
import { changedShare, pixelsOf } from '../../testing/version-helpers';
import { previewEnhance } from './preview-enhance';

/** A room: a wall above 65 % of the height, a wooden floor below, a pale window in the wall. */
const roomJpeg = (width = 800, height = 600) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height * 0.65}" fill="rgb(140,200,170)"/>
    <rect y="${height * 0.65}" width="${width}" height="${height * 0.35}" fill="#8b6b4a"/>
    <rect x="${width * 0.6}" y="${height * 0.15}" width="${width * 0.22}" height="${height * 0.28}" fill="#cfe8ff"/>
  </svg>`),
  )
    .jpeg({ quality: 90 })
    .toBuffer();

/** The share of pixels that changed beyond a JPEG's noise in each band of rows. */
const changedShares = (before: Buffer, after: Buffer, bands: [number, number][]) =>
  Promise.all(bands.map((band) => changedShare(before, after, band)));

describe('preview enhancements: a visible change where each mode is meant to change the photo', () => {
  const { skyBottom, lawnTop } = EXTERIOR_LAYOUT;

  it('sky: the sky above the house becomes the preset gradient; the house and lawn stay', async () => {
    const photo = await exteriorJpeg(600, 450);
    const out = await previewEnhance(photo, 'sky', { preset: 'Sunset' });
    const [sky, lower] = await changedShares(photo, out, [
      [0, skyBottom - 0.1],
      [lawnTop, 1],
    ]);
    expect(sky).toBeGreaterThan(0.9);
    expect(lower).toBe(0);
  });

  it('lawn: the grass turns green; the sky stays', async () => {
    const photo = await exteriorJpeg(600, 450);
    const out = await previewEnhance(photo, 'lawn', { preset: 'Lush green' });
    const [sky, lawn] = await changedShares(photo, out, [
      [0, skyBottom - 0.1],
      [lawnTop + 0.02, 1],
    ]);
    expect(sky).toBe(0);
    expect(lawn).toBeGreaterThan(0.9);
    const { data, width, height } = await pixelsOf(out);
    const p = (Math.floor(height * 0.9) * width + Math.floor(width / 3)) * 3;
    expect(data[p + 1]).toBeGreaterThan((data[p] ?? 0) + 40);
  });

  it('dusk: the whole photo darker, the sky a twilight gradient', async () => {
    const photo = await exteriorJpeg(600, 450);
    const out = await previewEnhance(photo, 'dusk', { preset: 'Warm twilight' });
    const [sky, lawn] = await changedShares(photo, out, [
      [0, skyBottom - 0.1],
      [lawnTop + 0.02, 1],
    ]);
    expect(sky).toBeGreaterThan(0.9);
    expect(lawn).toBeGreaterThan(0.9);
    const [before, after] = await Promise.all([sharp(photo).stats(), sharp(out).stats()]);
    const mean = (s: Stats) => s.channels.slice(0, 3).reduce((t, c) => t + c.mean, 0) / 3;
    expect(mean(after)).toBeLessThan(mean(before) * 0.8);
  });

  it('paint: the wall takes the colour; the floor and the window keep theirs', async () => {
    const photo = await roomJpeg();
    const out = await previewEnhance(photo, 'paint', { colour: '#2F3D4C' });
    const [wall, floor] = await changedShares(photo, out, [
      [0.02, 0.12],
      [0.7, 1],
    ]);
    expect(wall).toBeGreaterThan(0.9);
    expect(floor).toBe(0);
    const { data, width, height } = await pixelsOf(out);
    const windowPixel = (Math.floor(height * 0.3) * width + Math.floor(width * 0.7)) * 3;
    expect(data[windowPixel + 2]).toBeGreaterThan(230);
  });

  it('floor: the lower floor takes the material; the wall stays', async () => {
    const photo = await roomJpeg();
    const out = await previewEnhance(photo, 'floor', { preset: 'White marble' });
    const [wall, floor] = await changedShares(photo, out, [
      [0, 0.6],
      [0.7, 1],
    ]);
    expect(wall).toBe(0);
    expect(floor).toBeGreaterThan(0.9);
  });
});
