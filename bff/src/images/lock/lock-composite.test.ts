import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compositeThroughLock } from './lock-composite';

/** A photo with fine detail everywhere (a 1 px checker), so any resampling of its pixels would show. */
async function finePhoto(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.fill((x + y) % 2 ? 230 : 20, (y * width + x) * 3, (y * width + x + 1) * 3);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * The model works at about 1 MP; the listing photo keeps its own size: the composite brings the smaller
 * answer up to the photo's pixels, and outside the lock (and its feather) every pixel is the photo's own.
 */
describe('compositeThroughLock at the photo size', () => {
  it('a 1024x768 answer laid into a 2400x1800 photo: photo-sized, photo pixels outside, the answer inside', async () => {
    const W = 2400;
    const H = 1800;
    const photo = await finePhoto(W, H);
    const answer = await sharp({ create: { width: 1024, height: 768, channels: 3, background: '#b04020' } })
      .png()
      .toBuffer();
    // The lower half may change (a floor), drawn at a smaller working size than the photo.
    const lw = 400;
    const lh = 300;
    const lock = { width: lw, height: lh, data: Buffer.alloc(lw * lh) };
    lock.data.fill(255, (lh / 2) * lw);
    const out = await compositeThroughLock(photo, answer, lock);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([W, H]);

    const got = await sharp(out).removeAlpha().raw().toBuffer();
    const want = await sharp(photo).removeAlpha().raw().toBuffer();
    // The top third is far from the lock's feathered edge: the photo's own pixels, to the byte.
    expect(got.subarray(0, W * (H / 3) * 3).equals(want.subarray(0, W * (H / 3) * 3))).toBe(true);
    // Deep in the lock: the answer's colour, brought up to the photo's size.
    const at = ((H - 50) * W + W / 2) * 3;
    expect([...got.subarray(at, at + 3)].map((v) => Math.round(v / 8))).toEqual(
      [0xb0, 0x40, 0x20].map((v) => Math.round(v / 8)),
    );
  });
});
