import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIN_PHOTO_SHORT_EDGE } from '@shared/domain';
import { GeminiEngine } from '../ai/gemini-engine';
import { OpenAiEngine } from '../ai/openai-engine';
import { ReplicateEngine } from '../ai/replicate-engine';
import { PreviewEngine, previewRibbonMaxHeight, type StageRequest, type StagingEngine } from '../ai';
import { createLogger } from '../config';
import { lockAlpha, normalizeResult, structureLock } from '../images';
import { anotherRoom } from '../testing/another-room';
import { FakeGemini } from '../testing/fake-gemini';
import { FakeOpenAI } from '../testing/fake-openai';
import { FAKE_REPLICATE_TOKEN, ReplicateEngineFake } from '../testing/replicate-engine-fake';
import { renderRoom, roomAtLeast } from '../testing/synthetic-rooms';
import { stageAndCheck } from './stage-and-check';

const log = createLogger({ LOG_LEVEL: 'silent' });
const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
const size = { width: room.width, height: room.height };
const request: StageRequest = {
  mode: 'stage',
  roomType: 'living-room',
  stylePreset: 'modern',
  colorPalette: null,
  customPrompt: null,
};
/** JPEG's colour blocks reach this far across a boundary: pixels nearer the region may take its colours. */
const BLOCK_REACH = 24;

let photo: Buffer;
/** The photo as a result is stored (the same encoder): outside the region a locked result is exactly this. */
let storedPhoto: Buffer;
/** 1 where a pixel is at least BLOCK_REACH px from anything the lock lets change. */
let far: Uint8Array;
let inside: Uint8Array;

beforeAll(async () => {
  photo = await renderRoom(room, 'empty');
  storedPhoto = await sharp((await normalizeResult(photo, size)).data)
    .raw()
    .toBuffer();
  const alpha = await lockAlpha(await structureLock(photo), size.width, size.height);
  inside = Uint8Array.from(alpha, (a) => (a > 0 ? 1 : 0));
  const grown = await sharp(Buffer.from(inside.map((v) => v * 255)), {
    raw: { ...size, channels: 1 },
  })
    .blur(BLOCK_REACH / 2)
    .threshold(1)
    .extractChannel(0)
    .raw()
    .toBuffer();
  far = Uint8Array.from(grown, (v) => (v ? 0 : 1));
});

/** Pixels far outside the region that differ from the stored photo's, and the mean change inside it. */
async function measure(result: Buffer, skipBottom = 0) {
  const pixels = await sharp(result).raw().toBuffer();
  let outside = 0;
  let counted = 0;
  let change = 0;
  let n = 0;
  for (let p = 0; p < size.width * size.height; p++) {
    if (Math.floor(p / size.width) >= size.height - skipBottom) continue;
    const d = [0, 1, 2].reduce(
      (s, c) => s + Math.abs((pixels[p * 3 + c] ?? 0) - (storedPhoto[p * 3 + c] ?? 0)),
      0,
    );
    if (far[p]) {
      counted++;
      if (d > 0) outside++;
    } else if (inside[p]) {
      change += d / 3;
      n++;
    }
  }
  return { outside, counted, insideChange: change / Math.max(1, n) };
}

async function stage(engine: StagingEngine, asked: StageRequest = request) {
  const results = await stageAndCheck(
    { engine, log, original: photo, size, signal: new AbortController().signal },
    asked,
  );
  return results[0]?.image.data ?? Buffer.alloc(0);
}

describe('a listing staging is the photo itself outside its structure lock, whatever the engine', () => {
  it('the lock lets the floor and lower walls change and keeps the ceiling', () => {
    const rows = (from: number, to: number) => {
      let n = 0;
      for (let y = Math.floor(from * size.height); y < to * size.height; y++)
        for (let x = 0; x < size.width; x++) n += inside[y * size.width + x] ?? 0;
      return n / ((to - from) * size.height * size.width);
    };
    expect(rows(0, 0.3)).toBe(0);
    expect(rows(0.8, 1)).toBeGreaterThan(0.5);
  });

  it('preview: the grade only inside the region, the ribbon over it all', async () => {
    const result = await stage(new PreviewEngine());
    const ribbon = previewRibbonMaxHeight(size.width, size.height) + BLOCK_REACH;
    const { outside, counted, insideChange } = await measure(result, ribbon);
    expect(counted).toBeGreaterThan(0.2 * size.width * size.height);
    expect(outside).toBe(0);
    expect(insideChange).toBeGreaterThan(2);
  });

  describe('OpenAI (real SDK, loopback API): the lock goes as the edit mask too', () => {
    const fake = new FakeOpenAI();
    beforeAll(() => fake.listen());
    afterAll(() => fake.close());
    beforeEach(() => fake.reset());
    const engine = () =>
      new OpenAiEngine({
        apiKey: 'sk-test',
        baseURL: fake.url,
        visionModel: 'gpt-4.1-mini',
        imageModel: 'gpt-image-1.5',
        timeoutMs: 10_000,
      });

    it('outside the lock every pixel is the photo; the mask is transparent where the staging may go', async () => {
      fake.editImage = () => anotherRoom(room);
      const result = await stage(engine());
      const { outside, insideChange } = await measure(result);
      expect(outside).toBe(0);
      expect(insideChange).toBeGreaterThan(10);
      const mask = fake.edits()[0]?.files.find((f) => f.field === 'mask');
      expect(mask).toBeDefined();
      const { data, info } = await sharp(mask?.data).raw().toBuffer({ resolveWithObject: true });
      const alphaAt = (fx: number, fy: number) =>
        data[(Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 4 + 3];
      expect(alphaAt(0.5, 0.05)).toBe(255);
      expect(alphaAt(0.5, 0.97)).toBe(0);
    });

    it('a free restyle sends no mask and keeps the whole answer (the lock is what keeps the photo)', async () => {
      fake.editImage = () => anotherRoom(room);
      const result = await stage(engine(), { ...request, freeRestyle: true });
      expect(fake.edits()[0]?.files.some((f) => f.field === 'mask')).toBe(false);
      expect((await measure(result)).outside).toBeGreaterThan(1000);
    });
  });

  describe('Gemini (real SDK, loopback API): no mask parameter, the composite alone keeps the photo', () => {
    const fake = new FakeGemini();
    beforeAll(() => fake.listen());
    afterAll(() => fake.close());
    beforeEach(() => fake.reset());

    it('outside the lock every pixel is the photo, at its own size', async () => {
      fake.editImage = () => anotherRoom(room);
      const engine = new GeminiEngine({
        apiKey: 'gem-test',
        baseUrl: fake.url,
        visionModel: 'gemini-2.5-flash',
        imageModel: 'gemini-3-pro-image',
        timeoutMs: 10_000,
      });
      const result = await stage(engine);
      expect(await sharp(result).metadata()).toMatchObject(size);
      const { outside, insideChange } = await measure(result);
      expect(outside).toBe(0);
      expect(insideChange).toBeGreaterThan(10);
    });
  });

  describe('Replicate (real SDK, loopback API): the interior models take no mask', () => {
    const fake = new ReplicateEngineFake();
    beforeAll(() => fake.listen());
    afterAll(() => fake.close());
    beforeEach(() => fake.reset());

    it('outside the lock every pixel is the photo', async () => {
      fake.outputImage = () => anotherRoom(room);
      const engine = new ReplicateEngine({
        apiToken: FAKE_REPLICATE_TOKEN,
        baseUrl: fake.url,
        model: 'black-forest-labs/flux-kontext-pro',
        timeoutMs: 10_000,
        pollMs: 20,
        analyzer: new PreviewEngine(),
      });
      const result = await stage(engine);
      const { outside, insideChange } = await measure(result);
      expect(outside).toBe(0);
      expect(insideChange).toBeGreaterThan(10);
    });
  });
});
