import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../testing/images';
import { makeRoom, renderRoom } from '../../testing/synthetic-rooms';
import { detectWatermark } from './watermark-detect';
import { embedWatermark } from './watermark-embed';
import { codeOf, payloadBits } from './watermark-payload';

const CODE = 'k7m2pq9xza';
const size = async (jpeg: Buffer) => {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  return { width, height };
};

/** What a portal or a person does to a copy (the three attacks, and all three at once). */
const attacks = {
  'JPEG quality 75': (jpeg: Buffer) => sharp(jpeg).jpeg({ quality: 75 }).toBuffer(),
  'half size': async (jpeg: Buffer) =>
    sharp(jpeg)
      .resize(Math.round((await size(jpeg)).width / 2))
      .jpeg({ quality: 85 })
      .toBuffer(),
  'a 10 % crop': async (jpeg: Buffer) => {
    const { width, height } = await size(jpeg);
    const region = { left: 37, top: 11, width: Math.round(width * 0.9), height: Math.round(height * 0.9) };
    return sharp(jpeg).extract(region).jpeg({ quality: 85 }).toBuffer();
  },
  'all three': async (jpeg: Buffer) => {
    const { width, height } = await size(jpeg);
    const cropped = await sharp(jpeg)
      .extract({ left: 0, top: 20, width: Math.round(width * 0.9), height: Math.round(height * 0.9) })
      .toBuffer();
    return sharp(cropped)
      .resize(Math.round(width * 0.45))
      .jpeg({ quality: 75 })
      .toBuffer();
  },
};

async function psnr(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += (x![i]! - y![i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / x!.length));
}

describe('the watermark', () => {
  it('carries a short code, or none, behind a CRC that refuses what it did not write', () => {
    expect(codeOf(payloadBits(CODE))).toEqual({ code: CODE });
    expect(codeOf(payloadBits(null))).toEqual({ code: null });
    const flipped = payloadBits(CODE);
    flipped[7] = 1 - flipped[7]!;
    expect(codeOf(flipped)).toBeUndefined();
    expect(() => payloadBits('0000000000')).toThrow(/alphabet/);
  });

  it('is invisible (PSNR over 40 dB) and reads back after a re-encode at 75, halving and a 10 % crop', async () => {
    // A furnished synthetic room at a staged result's size: flat walls, where a mark shows first.
    const room = await sharp(await renderRoom(makeRoom(4), 'furnished'))
      .resize(1536, 1024, { fit: 'fill' })
      .jpeg({ quality: 92 })
      .toBuffer();
    const marked = await embedWatermark(room, CODE, 92);
    expect(await psnr(room, marked)).toBeGreaterThan(40);
    expect(await detectWatermark(marked)).toEqual({ code: CODE });
    for (const [name, attack] of Object.entries(attacks))
      expect(await detectWatermark(await attack(marked)), name).toEqual({ code: CODE });
    // The same room never marked, attacked alike, carries nothing.
    for (const [name, attack] of Object.entries(attacks))
      expect(await detectWatermark(await attack(room)), name).toBeNull();
  }, 90_000);

  it('is found in a photo whose original was not published yet, and not in a plain one', async () => {
    const photo = await makePhoto({ width: 1200, height: 900, quality: 92 });
    expect(await detectWatermark(await embedWatermark(photo, null, 92))).toEqual({ code: null });
    expect(await detectWatermark(photo)).toBeNull();
  });
});
