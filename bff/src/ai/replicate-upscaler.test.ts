import sharp from 'sharp';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { makePhoto } from '../testing/images';
import { FAKE_GPU_MAX_INPUT_PIXELS, FakeReplicateUpscaler } from '../testing/replicate-upscaler-fake';
import { EngineError } from './engine';
import { createUpscaler } from './index';
import { DATA_URL_MAX_BYTES, ReplicateUpscaler } from './replicate-upscaler';
import { UPSCALER_FAILURES } from './upscaler';

const gradientSvg = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>` +
  '<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#123456"/>' +
  `<stop offset="1" stop-color="#f0c080"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/></svg>`;

const TOKEN = 'r8_test_token';
const VERSION = 'a'.repeat(64);
const PINNED = `nightmareai/real-esrgan:${VERSION}`;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the upscale to fail');
    },
    (err: unknown) => err,
  );

describe('Replicate upscaler through the replicate SDK against a loopback Replicate', () => {
  const fake = new FakeReplicateUpscaler(TOKEN, PINNED);
  let photo: Buffer;
  const upscaler = (options: Partial<ConstructorParameters<typeof ReplicateUpscaler>[0]> = {}) =>
    new ReplicateUpscaler({ apiToken: TOKEN, model: PINNED, baseUrl: fake.apiUrl, pollMs: 20, ...options });

  beforeAll(async () => {
    await fake.start();
    photo = await makePhoto({ width: 600, height: 400, gps: false });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.inputs.length = 0;
    fake.delayMs = 0;
    fake.pollsToFinish = 0;
    fake.modelError = null;
  });

  it('sends the photo as a data URL with the pinned version and the token, and returns the larger image', async () => {
    const out = await upscaler().upscale(photo, 2.5);
    expect(await sharp(out).metadata()).toMatchObject({ width: 1500, height: 1000 });
    const [create] = fake.creates;
    expect(create?.path).toBe('/v1/predictions');
    expect(create?.authorization).toBe(`Bearer ${TOKEN}`);
    // The SDK asks Replicate to hold the answer until the prediction is done.
    expect(create?.prefer).toBe('wait');
    expect(create?.json).toMatchObject({ version: VERSION, input: { scale: 2.5, face_enhance: false } });
    expect((create?.json as { input: { image: string } }).input.image).toMatch(/^data:image\/jpeg;base64,/);
    // Nothing was left in the provider's file store.
    expect(fake.requests.some((r) => r.path === '/v1/files')).toBe(false);
  });

  it('sends an image above 256 KB through the Files API and deletes it once the model has run', async () => {
    const large = await sharp({
      create: {
        width: 1000,
        height: 700,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(DATA_URL_MAX_BYTES);
    const out = await upscaler().upscale(large, 2);
    expect((await sharp(out).metadata()).width).toBe(2000);
    expect(fake.inputs).toMatchObject([{ inline: false }]);
    const image = (fake.creates.at(-1)?.json as { input: { image: string } }).input.image;
    expect(image).toMatch(new RegExp(`^${fake.apiUrl}/files/\\w+$`));
    await expect.poll(() => fake.files.size).toBe(0);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('upscales a 2048 px result to 4K in tiles the model can hold, put back together without seams', async () => {
    // A staged result: smooth gradients, so a misplaced tile or a seam shows as a jump.
    const staged = await sharp({ create: { width: 2048, height: 1536, channels: 3, background: '#000' } })
      .composite([{ input: Buffer.from(gradientSvg(2048, 1536)), top: 0, left: 0 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const calls: { kind: string; usd: number | null }[] = [];
    const out = await upscaler().upscale(staged, 2, undefined, (c) => calls.push(c));
    expect(await sharp(out).metadata()).toMatchObject({ width: 4096, height: 3072 });
    // Every tile fits the GPU (the whole image would not) and none above 256 KB went inline.
    expect(fake.inputs.length).toBeGreaterThan(1);
    for (const input of fake.inputs) {
      expect(input.width * input.height).toBeLessThanOrEqual(FAKE_GPU_MAX_INPUT_PIXELS);
      if (input.inline) expect(input.bytes).toBeLessThanOrEqual(DATA_URL_MAX_BYTES);
    }
    expect(calls).toHaveLength(fake.inputs.length);
    expect(calls.every((c) => c.kind === 'upscale' && c.usd !== null)).toBe(true);
    // The same as a plain enlargement, give or take resampling: no tile is out of place.
    const [ours, plain] = await Promise.all([
      sharp(out).resize(512, 384).raw().toBuffer(),
      sharp(staged).resize(512, 384).raw().toBuffer(),
    ]);
    let worst = 0;
    for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs((ours[i] ?? 0) - (plain[i] ?? 0)));
    expect(worst).toBeLessThan(24);
  });

  it('fails as the real model does when sent a whole 2048 px image (out of GPU memory)', async () => {
    const staged = await sharp({ create: { width: 2048, height: 1536, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const res = await fetch(`${fake.apiUrl}/predictions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', Prefer: 'wait' },
      body: JSON.stringify({
        version: VERSION,
        input: { image: `data:image/jpeg;base64,${staged.toString('base64')}`, scale: 2 },
      }),
    });
    expect(((await res.json()) as { status: string; error: string }).error).toMatch(/out of memory/);
  });

  it('runs an official model (no version) through its own path', async () => {
    const official = new FakeReplicateUpscaler(TOKEN, 'stagely/upscaler');
    await official.start();
    try {
      const u = new ReplicateUpscaler({
        apiToken: TOKEN,
        model: 'stagely/upscaler',
        baseUrl: official.apiUrl,
      });
      const out = await u.upscale(photo, 2);
      expect((await sharp(out).metadata()).width).toBe(1200);
      expect(official.creates[0]?.path).toBe('/v1/models/stagely/upscaler/predictions');
    } finally {
      await official.stop();
    }
  });

  it('polls a prediction that is still running until it succeeds', async () => {
    fake.pollsToFinish = 3;
    const out = await upscaler().upscale(photo, 2);
    expect((await sharp(out).metadata()).width).toBe(1200);
    expect(
      fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/')),
    ).toHaveLength(3);
  });

  it('maps a refused token, a busy provider, a 5xx and a failed model to sentences', async () => {
    const wrongToken = new ReplicateUpscaler({ apiToken: 'r8_wrong', model: PINNED, baseUrl: fake.apiUrl });
    const refused = await failure(wrongToken.upscale(photo, 2));
    expect(refused).toBeInstanceOf(EngineError);
    expect((refused as EngineError).message).toBe(UPSCALER_FAILURES.credentials);
    expect((refused as EngineError).transient).toBe(false);

    // The SDK retries a 429 itself: more 429s than its retries reach us.
    fake.failNext(429, 10);
    const busy = (await failure(upscaler().upscale(photo, 2))) as EngineError;
    expect(busy.message).toBe(UPSCALER_FAILURES.busy);
    expect(busy.transient).toBe(true);

    fake.failNext(503);
    const down = (await failure(upscaler().upscale(photo, 2))) as EngineError;
    expect(down.message).toBe(UPSCALER_FAILURES.temporary);

    fake.modelError = 'CUDA out of memory';
    const model = (await failure(upscaler().upscale(photo, 2))) as EngineError;
    expect(model.message).toBe(UPSCALER_FAILURES.failed);
  });

  it('gives up after its timeout and cancels the running prediction', async () => {
    fake.pollsToFinish = 1000;
    const err = (await failure(upscaler({ timeoutMs: 300 }).upscale(photo, 2))) as EngineError;
    expect(err.message).toBe(UPSCALER_FAILURES.timeout);
    await expect.poll(() => [...fake.predictions.values()].some((p) => p.status === 'canceled')).toBe(true);
  });

  it('honours an abort from the caller', async () => {
    fake.delayMs = 2000;
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 50);
    const started = Date.now();
    const err = (await failure(upscaler().upscale(photo, 2, abort.signal))) as EngineError;
    expect(err.message).toBe(UPSCALER_FAILURES.interrupted);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('the upscaler from configuration', () => {
  it('exists only with REPLICATE_API_TOKEN, runs the configured model, and refuses a malformed one', () => {
    expect(createUpscaler(loadConfig({}))).toBeNull();
    const up = createUpscaler(loadConfig({ REPLICATE_API_TOKEN: TOKEN }));
    expect(up?.model).toMatch(/^nightmareai\/real-esrgan:[0-9a-f]{64}$/);
    expect(
      createUpscaler(loadConfig({ REPLICATE_API_TOKEN: TOKEN, REPLICATE_UPSCALER_MODEL: PINNED }))?.model,
    ).toBe(PINNED);
    expect(() => loadConfig({ REPLICATE_UPSCALER_MODEL: 'real-esrgan' })).toThrow(ConfigError);
  });
});
