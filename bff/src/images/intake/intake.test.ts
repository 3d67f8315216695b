import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { badFiles, makePhoto } from '../../testing/images';
import { mutants, mutationSeeds } from '../../testing/mutations';
import { exportJpeg, normalizeResult } from '../derive/derive';
import {
  intakeProfileImage,
  intakeRoomPhoto,
  NORMALIZED_LONG_EDGE,
  processImage,
  THUMB_LONG_EDGE,
} from './process-image';

/** Mean brightness of a small region, to tell which corner the dark square ended up in. */
async function regionMean(img: Buffer, left: number, top: number, size: number): Promise<number> {
  const { data } = await sharp(img)
    .extract({ left, top, width: size, height: size })
    .greyscale()
    .raw()
    .toBuffer({
      resolveWithObject: true,
    });
  return data.reduce((a, b) => a + b, 0) / data.length;
}

async function refusal(input: Buffer): Promise<AppError> {
  try {
    await intakeRoomPhoto(input);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('room photo intake', () => {
  it('applies EXIF orientation, strips every metadata block and keeps sRGB JPEG + a thumbnail', async () => {
    // Stored landscape 1200x900 with Orientation=6: the photo is displayed as portrait 900x1200.
    const photo = await makePhoto({ width: 1200, height: 900, orientation: 6, gps: true });
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const { original, thumb } = await intakeRoomPhoto(photo);
    const meta = await sharp(original.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([900, 1200]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.space).toBe('srgb');
    expect(original.data.includes(Buffer.from('TestPhone'))).toBe(false);
    // Orientation 6 turns the top-left dark square into the top-right corner.
    expect(await regionMean(original.data, 900 - 60, 10, 50)).toBeLessThan(60);
    expect(await regionMean(original.data, 10, 10, 50)).toBeGreaterThan(120);

    const t = await sharp(thumb.data).metadata();
    expect(t.format).toBe('jpeg');
    expect(Math.max(t.width ?? 0, t.height ?? 0)).toBe(THUMB_LONG_EDGE);
    expect(t.exif).toBeUndefined();
  });

  it('limits the long edge, never enlarges, and accepts PNG (alpha flattened) and WebP', async () => {
    const big = await intakeRoomPhoto(await makePhoto({ width: 4032, height: 3024 }));
    expect([big.original.width, big.original.height]).toEqual([NORMALIZED_LONG_EDGE, 1536]);
    const small = await intakeRoomPhoto(await makePhoto({ width: 640, height: 512, format: 'webp' }));
    expect([small.original.width, small.original.height]).toEqual([640, 512]);
    expect([small.thumb.width, small.thumb.height]).toEqual([THUMB_LONG_EDGE, 384]);
    const transparent = await sharp({
      create: { width: 1024, height: 512, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const flat = await intakeRoomPhoto(transparent);
    expect(await regionMean(flat.original.data, 10, 10, 50)).toBeGreaterThan(240);
  });

  it('removes a payload appended to a valid JPEG (polyglot) by re-encoding', async () => {
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const polyglot = Buffer.concat([await makePhoto(), payload]);
    const { original, thumb } = await intakeRoomPhoto(polyglot);
    expect(original.data.includes(Buffer.from('<script>'))).toBe(false);
    expect(thumb.data.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses every bad file with its status and a sentence, each well under a second', async () => {
    for (const bad of await badFiles()) {
      const started = performance.now();
      const err = await refusal(bad.data);
      expect(performance.now() - started, bad.name).toBeLessThan(1000);
      expect(err.status, bad.name).toBe(bad.status);
      expect(err.message, bad.name).toMatch(/^[A-Z].+\.$/);
    }
  });

  it('refuses a pixel bomb by its declared size, naming the limit', async () => {
    const bomb = (await badFiles()).find((f) => f.name === 'pixel-bomb.png');
    const err = await refusal(bomb?.data ?? Buffer.alloc(0));
    expect(err.code).toBe('too_many_pixels');
    expect(err.message).toMatch(/50 megapixels/);
  });

  it('names the accepted types when refusing another type', async () => {
    const err = await refusal(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect(err.status).toBe(415);
    expect(err.message).toMatch(/JPG, PNG or WebP/);
  });

  it('answers mutated JPEG, PNG and WebP files with a 4xx or a clean image, never anything else', async () => {
    // The same seeded mutants as the HTTP fuzz (upload-fuzz.test.ts), here straight at the intake.
    for (const file of mutants(await mutationSeeds(), 100, 42)) {
      try {
        const { original } = await intakeRoomPhoto(file.data);
        expect((await sharp(original.data).metadata()).format, file.name).toBe('jpeg');
      } catch (err) {
        expect(err, file.name).toBeInstanceOf(AppError);
        expect((err as AppError).status, file.name).toBeGreaterThanOrEqual(400);
        expect((err as AppError).status, file.name).toBeLessThan(500);
      }
    }
  });
});

describe('other image outputs', () => {
  it('makes square profile pictures with the caller-supplied type sentence', async () => {
    const out = await intakeProfileImage(await makePhoto({ width: 800, height: 400 }), 'Only pictures.');
    expect([out.width, out.height, out.contentType]).toEqual([256, 256, 'image/webp']);
    await expect(intakeProfileImage(Buffer.from('text'), 'Only pictures.')).rejects.toMatchObject({
      status: 415,
      message: 'Only pictures.',
    });
  });

  it('processImage fits any long edge', async () => {
    const out = await processImage(await makePhoto({ width: 1600, height: 1200 }), { maxLongEdge: 1024 });
    expect([out.width, out.height]).toEqual([1024, 768]);
  });

  it("stores an engine result at the original's aspect ratio, without metadata", async () => {
    const square = await sharp(await makePhoto({ width: 1024, height: 1024, gps: true }))
      .withExif({ IFD0: { Make: 'Engine' } })
      .png()
      .toBuffer();
    const out = await normalizeResult(square, { width: 2048, height: 1536 });
    const meta = await sharp(out.data).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1024, 768, 'jpeg']);
    expect(meta.exif).toBeUndefined();
  });

  it('exports JPEG, scaled to a 3840 px long edge for 4K', async () => {
    const stored = await makePhoto({ width: 1536, height: 1024, gps: false });
    expect(await exportJpeg(stored)).toBe(stored);
    const k4 = await sharp(await exportJpeg(stored, { longEdge: 3840 })).metadata();
    expect([k4.width, k4.height, k4.format]).toEqual([3840, 2560, 'jpeg']);
  });
});
