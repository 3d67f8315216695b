import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGemini, geminiImages, geminiText } from '../testing/fake-gemini';
import { makePhoto } from '../testing/images';
import { EngineError, type StageRequest } from './engine';
import { GeminiEngine } from './gemini-engine';
import { geminiOutputFor } from '../ai-models';
import { ANALYSIS_SCHEMA, STYLE_REFERENCE_SENTENCE } from './prompts';
import { PROVIDER_FAILURES } from './provider-failures';

const stage: StageRequest = {
  mode: 'stage',
  roomType: 'bedroom',
  stylePreset: 'farmhouse',
  colorPalette: 'navy-gold',
  customPrompt: 'A desk under the window',
};

describe('Gemini image models', () => {
  it('asks for the closest aspect ratio and the smallest size that covers the photo', () => {
    expect(geminiOutputFor('gemini-3-pro-image', { width: 4032, height: 3024 })).toEqual({
      aspectRatio: '4:3',
      imageSize: '4K',
    });
    expect(geminiOutputFor('gemini-3-pro-image', { width: 1200, height: 1600 })).toEqual({
      aspectRatio: '3:4',
      imageSize: '2K',
    });
    expect(geminiOutputFor('gemini-3-pro-image-preview', { width: 1920, height: 1080 })).toEqual({
      aspectRatio: '16:9',
      imageSize: '2K',
    });
    // One size only: no imageSize at all.
    expect(geminiOutputFor('gemini-2.5-flash-image', { width: 6000, height: 4000 })).toEqual({
      aspectRatio: '3:2',
    });
    // Flash-lite makes 1K only; a lower quality caps the size (and the price).
    expect(geminiOutputFor('gemini-3.1-flash-lite-image', { width: 4032, height: 3024 })).toEqual({
      aspectRatio: '4:3',
      imageSize: '1K',
    });
    expect(geminiOutputFor('gemini-nano-banana-2.1', { width: 4032, height: 3024 }, 'medium')).toEqual({
      aspectRatio: '4:3',
      imageSize: '2K',
    });
    expect(geminiOutputFor('gemini-3-pro-image', { width: 4032, height: 3024 }, 'low').imageSize).toBe('1K');
  });
});

describe('Gemini engine through @google/genai against a loopback Gemini API', () => {
  const fake = new FakeGemini();
  let photo: Buffer;
  // A photo's round trip to the fake takes well over a second when both cores are busy; only the timeout test
  // is about giving up (it passes its own).
  const engineFor = (imageModel = 'gemini-3-pro-image', timeoutMs = 30_000) =>
    new GeminiEngine({
      apiKey: 'gem-test',
      baseUrl: fake.url,
      visionModel: 'gemini-3.5-flash-lite',
      imageModel,
      timeoutMs,
    });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as EngineError,
    );

  beforeAll(async () => {
    await fake.listen();
    photo = await makePhoto({ width: 1600, height: 1200, gps: false });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('stages with one generateContent call: the photo, then the prompt, an image back at the photo shape', async () => {
    const engine = engineFor();
    expect(engine.kind).toBe('gemini');
    expect(engine.model).toBe('gemini-3-pro-image');
    const [out] = await engine.stage(photo, stage);
    const [req] = fake.requests;
    expect(req?.model).toBe('gemini-3-pro-image');
    expect(req?.apiKey).toBe('gem-test');
    expect(req?.body.generationConfig).toMatchObject({
      responseModalities: ['IMAGE'],
      imageConfig: { aspectRatio: '4:3', imageSize: '2K' },
    });
    const parts = req?.body.contents?.[0]?.parts ?? [];
    expect(parts.map((p) => (p.inlineData ? 'image' : 'text'))).toEqual(['image', 'text']);
    const prompt = geminiText(req!.body);
    expect(prompt).toMatch(/stage this photo of a bedroom/i);
    expect(prompt).toContain('Farmhouse');
    expect(prompt).toContain('A desk under the window');
    expect(prompt).toMatch(/architecture exactly/);
    const sent = await sharp(geminiImages(req!.body)[0]).metadata();
    expect([sent.width, sent.height, sent.format]).toEqual([1600, 1200, 'jpeg']);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1536]);
  });

  it('unstages, and makes a multi-view as three calls with three results', async () => {
    const engine = engineFor();
    await engine.stage(photo, { ...stage, mode: 'unstage', stylePreset: null, colorPalette: null });
    expect(geminiText(fake.requests[0]!.body)).toMatch(/remove all furniture/i);
    const variants = await engine.stage(photo, { ...stage, mode: 'multi-view' });
    expect(variants).toHaveLength(3);
    expect(fake.requests).toHaveLength(4);
    expect(geminiText(fake.requests[3]!.body)).toMatch(/3 alternative staging options/);
  });

  it('drafts on the fast, cheap model at 1K; staging with that model already, it has no draft to offer', async () => {
    const engine = engineFor();
    expect(engine.draftPass).toBe('gemini-3.1-flash-lite-image at 1K (the fast, cheap model)');
    await engine.stage(photo, { ...stage, draft: true });
    expect(fake.requests[0]?.model).toBe('gemini-3.1-flash-lite-image');
    expect(fake.requests[0]?.body.generationConfig?.imageConfig).toEqual({
      aspectRatio: '4:3',
      imageSize: '1K',
    });
    expect(engineFor('gemini-3.1-flash-lite-image').draftPass).toBeNull();
  });

  it('sends a style reference as a second image, and sends no imageSize to a one-size model', async () => {
    const reference = await makePhoto({ width: 1536, height: 1024, gps: false });
    await engineFor().stage(photo, { ...stage, referenceImage: reference });
    const images = geminiImages(fake.requests[0]!.body);
    expect(images).toHaveLength(2);
    expect((await sharp(images[1]).metadata()).width).toBe(768);
    expect(geminiText(fake.requests[0]!.body)).toContain(STYLE_REFERENCE_SENTENCE);

    await engineFor('gemini-2.5-flash-image').stage(photo, stage);
    expect(fake.requests[1]?.body.generationConfig?.imageConfig).toEqual({ aspectRatio: '4:3' });
  });

  it('analyses with the vision model answering our JSON schema', async () => {
    const engine = engineFor();
    expect(await engine.analyze(photo)).toEqual({ roomType: 'bedroom', style: 'farmhouse', confident: true });
    const [req] = fake.requests;
    expect(req?.model).toBe('gemini-3.5-flash-lite');
    expect(req?.body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: ANALYSIS_SCHEMA,
    });
    expect(req?.body.generationConfig?.responseModalities).toBeUndefined();
    expect(JSON.stringify(req?.body.systemInstruction)).toContain('Room types');
    expect(geminiImages(req!.body)).toHaveLength(1);
    fake.analysis = { roomType: 'garage', style: 'gothic', confidence: 'high' };
    expect(await engine.analyze(photo)).toEqual({ roomType: 'other', style: 'modern', confident: false });
    fake.analysis = { roomType: 'bedroom', style: 'farmhouse', confidence: 'high' };
  });

  it('maps errors and refusals to our sentences, marking only temporary ones for retry, in one attempt', async () => {
    const engine = engineFor();
    const cases: [() => void, string, boolean][] = [
      [() => fake.failNext(429, 1, 'Resource exhausted', 'RESOURCE_EXHAUSTED'), PROVIDER_FAILURES.busy, true],
      [() => fake.failNext(503, 1, 'The model is overloaded'), PROVIDER_FAILURES.temporary, true],
      [
        () => fake.failNext(403, 1, 'Permission denied', 'PERMISSION_DENIED'),
        PROVIDER_FAILURES.credentials,
        false,
      ],
      [
        () => fake.failNext(400, 1, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'),
        PROVIDER_FAILURES.credentials,
        false,
      ],
      [
        () => fake.failNext(400, 1, 'Request contains an invalid argument.', 'INVALID_ARGUMENT'),
        PROVIDER_FAILURES.unprocessable,
        false,
      ],
      [() => fake.refuseNext('prompt'), PROVIDER_FAILURES.safety, false],
      [() => fake.refuseNext('image'), PROVIDER_FAILURES.safety, false],
    ];
    for (const [arrange, sentence, transient] of cases) {
      fake.reset();
      arrange();
      const err = await failure(engine.stage(photo, stage));
      expect(err, sentence).toBeInstanceOf(EngineError);
      expect(err?.message).toBe(sentence);
      expect(err?.transient).toBe(transient);
      // The worker retries with backoff: the SDK itself makes one attempt.
      expect(fake.requests).toHaveLength(1);
    }
    fake.reset();
    fake.failNext(500);
    const analysis = await failure(engine.analyze(photo));
    expect(analysis?.message).toBe(PROVIDER_FAILURES.temporary);
  });

  it('is refused as by Gemini for a model it does not serve, and says from its model list which are', async () => {
    const retired = await failure(engineFor('gemini-3-pro-image-preview').stage(photo, stage));
    expect(retired?.message).toBe(PROVIDER_FAILURES.model);
    expect(retired?.transient).toBe(false);
    const res = await fetch(`${fake.url}/v1beta/models/gemini-3-pro-image-preview`, {
      headers: { 'x-goog-api-key': 'gem-test' },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
    fake.withdrawn.add('gemini-3.5-flash-lite');
    fake.withdrawn.add('gemini-3.1-flash-lite-image');
    expect(await engineFor('gemini-nano-banana-2.1').checkModels()).toEqual([
      { provider: 'gemini', role: 'image', model: 'gemini-nano-banana-2.1', served: true },
      { provider: 'gemini', role: 'draft', model: 'gemini-3.1-flash-lite-image', served: false },
      { provider: 'gemini', role: 'analysis', model: 'gemini-3.5-flash-lite', served: false },
    ]);
  });

  it('gives up at the configured timeout (an image is not asked again), and stops when the job is aborted', async () => {
    fake.delayMs = 2500;
    const started = Date.now();
    const slow = await failure(engineFor('gemini-3-pro-image', 1000).stage(photo, stage));
    expect(Date.now() - started).toBeLessThan(2400);
    expect(slow?.message).toBe(PROVIDER_FAILURES.timeout);
    // The image may have been made and billed: the worker does not pay for it twice.
    expect(slow?.transient).toBe(false);
    const slowAnalysis = await failure(engineFor('gemini-3-pro-image', 1000).analyze(photo));
    expect(slowAnalysis?.transient).toBe(true);

    const abort = new AbortController();
    const pending = failure(engineFor('gemini-3-pro-image', 10_000).stage(photo, stage, abort.signal));
    await new Promise((r) => setTimeout(r, 200));
    abort.abort();
    const stopped = await pending;
    expect(stopped?.message).toBe(PROVIDER_FAILURES.interrupted);
  });
});
