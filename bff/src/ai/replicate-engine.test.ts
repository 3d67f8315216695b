import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { makePhoto } from '../testing/images';
import { FAKE_REPLICATE_TOKEN, ReplicateEngineFake } from '../testing/replicate-engine-fake';
import { useFakeOpenAI } from '../testing/use-test-app';
import { EngineError, type StageRequest } from './engine';
import { createEngine } from './index';
import { PROVIDER_FAILURES } from './provider-failures';
import { ReplicateEngine } from './replicate-engine';
import { DEFAULT_REPLICATE_MODEL } from '../ai-models';

const stage: StageRequest = {
  mode: 'stage',
  roomType: 'bedroom',
  stylePreset: 'farmhouse',
  colorPalette: 'navy-gold',
  customPrompt: 'a reading chair',
};
const noAnalysis = { analyze: () => Promise.reject(new Error('not used')) };

describe('Replicate engine through the replicate SDK against a loopback Replicate API', () => {
  const fake = new ReplicateEngineFake();
  const openai = useFakeOpenAI();
  let photo: Buffer;
  const engineFor = (options: { model?: string; timeoutMs?: number; draftModel?: string } = {}) =>
    new ReplicateEngine({
      apiToken: FAKE_REPLICATE_TOKEN,
      baseUrl: fake.url,
      model: options.model ?? DEFAULT_REPLICATE_MODEL,
      timeoutMs: options.timeoutMs ?? 5000,
      analyzer: noAnalysis,
      pollMs: 50,
      draftModel: options.draftModel,
    });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as EngineError,
    );

  beforeAll(async () => {
    await fake.listen();
    photo = await makePhoto({ width: 2400, height: 1800, gps: false });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    openai.reset();
  });

  it('stages with the interior-design model: the photo uploaded, a prediction by version, its output', async () => {
    const engine = engineFor();
    expect(engine.kind).toBe('replicate');
    expect(engine.model).toBe(DEFAULT_REPLICATE_MODEL);
    const [out] = await engine.stage(photo, stage);
    const upload = fake.requests.find((r) => r.path === '/v1/files');
    expect(upload?.authorization).toBe(`Bearer ${FAKE_REPLICATE_TOKEN}`);
    const sent = await sharp(fake.uploads[0]).metadata();
    expect([sent.format, sent.width, sent.height]).toEqual(['jpeg', 1536, 1152]);
    const [create] = fake.creates();
    expect(create?.path).toBe('/v1/predictions');
    expect(create?.prefer).toBe('wait=60');
    expect(create?.json?.version).toBe(DEFAULT_REPLICATE_MODEL.split(':')[1]);
    const input = create?.json?.input as Record<string, unknown>;
    expect(input.image).toMatch(/\/files\/[\w-]+$/);
    expect(input.prompt).toMatch(/^a furnished farmhouse style bedroom/);
    expect(input.prompt).toContain('navy & gold colour palette');
    expect(input.prompt).toContain('a reading chair');
    expect(input.negative_prompt).toMatch(/watermark/);
    expect(Number.isInteger(input.seed)).toBe(true);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1536, 1152]);
    // The uploaded photo is deleted once its predictions are over.
    await expect.poll(() => fake.files.size).toBe(0);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('unstages, and makes a multi-view as three predictions with their own seeds from one upload', async () => {
    const engine = engineFor();
    const calls: { usd: number | null; ok: boolean }[] = [];
    const unstage = { ...stage, mode: 'unstage' as const, stylePreset: null, colorPalette: null };
    await engine.stage(photo, {
      ...unstage,
      customPrompt: "clear the children's room",
      meter: (c) => calls.push(c),
    });
    // The model's own code adds a bed to a prompt saying 'bedroom' (or a children's room) without 'bed ':
    // the prompt it really runs with must stay empty of furniture.
    expect((fake.creates()[0]?.json?.input as { prompt: string }).prompt).toMatch(
      /^an empty room, no furniture/,
    );
    expect(fake.predictions[0]?.modelPrompt).not.toMatch(/bed/);
    // Its cost: the GPU seconds the prediction reports, at the A40's rate.
    expect(calls).toEqual([expect.objectContaining({ ok: true, usd: 0.006163 })]);
    fake.reset();
    // Staging a bedroom may get the model's bed.
    await engine.stage(photo, stage);
    expect(fake.predictions[0]?.modelPrompt).toMatch(/queen size bed against the wall/);
    fake.reset();
    const variants = await engine.stage(photo, { ...stage, mode: 'multi-view' });
    expect(variants).toHaveLength(3);
    expect(fake.requests.filter((r) => r.path === '/v1/files')).toHaveLength(1);
    const seeds = fake.creates().map((r) => (r.json?.input as { seed: number }).seed);
    expect(new Set(seeds).size).toBe(3);
  });

  it('polls a prediction that outlasts the held request, and runs an official model by name', async () => {
    fake.ignoreWait = true;
    fake.runMs = 300;
    const [out] = await engineFor().stage(photo, stage);
    expect(out?.length).toBeGreaterThan(1000);
    expect(
      fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/')).length,
    ).toBeGreaterThan(1);

    fake.reset();
    await engineFor({ model: 'black-forest-labs/flux-kontext-pro' }).stage(photo, stage);
    const [create] = fake.creates();
    expect(create?.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
    expect(create?.json?.version).toBeUndefined();
    expect((create?.json?.input as { prompt: string }).prompt).toMatch(/architecture exactly/);
  });

  it('drafts on the fast model when one is configured; without one it has no draft to offer', async () => {
    expect(engineFor().draftPass).toBeNull();
    const engine = engineFor({ draftModel: 'black-forest-labs/flux-kontext-pro' });
    expect(engine.draftPass).toBe('black-forest-labs/flux-kontext-pro (REPLICATE_DRAFT_MODEL)');
    await engine.stage(photo, { ...stage, draft: true });
    await engine.stage(photo, stage);
    const [draft, final] = fake.creates();
    expect(draft?.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
    expect(final?.json?.version).toBe(DEFAULT_REPLICATE_MODEL.split(':')[1]);
  });

  it('edits with a model that takes a prompt (the region in words, no mask); the interior model takes none', async () => {
    expect(engineFor().edit).toBeUndefined();
    const kontext = engineFor({ model: 'black-forest-labs/flux-kontext-pro' });
    const region = 'the area from 40% to 60% across and 45% to 55% down the photo (from the top left)';
    const out = await kontext.edit!(photo, {
      kind: 'remove',
      instruction: null,
      region,
      roomType: 'kitchen',
    });
    expect(out.image.length).toBeGreaterThan(1000);
    const [create] = fake.creates();
    expect(create?.path).toBe('/v1/models/black-forest-labs/flux-kontext-pro/predictions');
    const input = create?.json?.input as Record<string, unknown>;
    expect(Object.keys(input).sort()).toEqual([
      'aspect_ratio',
      'input_image',
      'output_format',
      'prompt',
      'seed',
    ]);
    expect(input.prompt).toMatch(/Remove the object in the area from 40% to 60% across/);
    fake.reset();
    await kontext.edit!(photo, { kind: 'sky', instruction: null, preset: 'Sunset', roomType: 'exterior' });
    expect((fake.creates()[0]?.json?.input as { prompt: string }).prompt).toMatch(
      /Replace only the sky with a warm sunset/,
    );
  });

  it("analyses with OpenAI's vision model when an OpenAI key is set, else as the preview engine does", async () => {
    const env = { ...fake.env, DATA_DIR: '/tmp/unused' };
    const withOpenAi = createEngine(loadConfig({ ...env, ...openai.env }));
    expect(withOpenAi.kind).toBe('replicate');
    expect(await withOpenAi.analyze(photo)).toEqual({
      roomType: 'kitchen',
      style: 'scandinavian',
      confident: true,
    });
    expect(openai.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(1);

    const alone = createEngine(loadConfig(env));
    expect(alone.kind).toBe('replicate');
    expect(await alone.analyze(photo)).toEqual({ roomType: 'other', style: 'modern', confident: false });
    expect(openai.requests).toHaveLength(1);
    // Nothing asked of Replicate (an earlier test's upload may still be being deleted).
    expect(fake.requests.filter((r) => r.method !== 'DELETE')).toHaveLength(0);
  });

  it('maps errors and failed predictions to our sentences, marking only temporary ones for retry', async () => {
    const engine = engineFor();
    const cases: [() => void, string, boolean][] = [
      [() => fake.failNext(500, 1), PROVIDER_FAILURES.temporary, true],
      [() => fake.failNext(402, 1, 'Insufficient credit'), PROVIDER_FAILURES.quota, false],
      [() => fake.failNext(422, 1, '- input: prompt is required'), PROVIDER_FAILURES.unprocessable, false],
      [
        () => fake.failPrediction('NSFW content detected. Try running it again, or try a different prompt.'),
        PROVIDER_FAILURES.safety,
        false,
      ],
      [() => fake.failPrediction('CUDA out of memory'), PROVIDER_FAILURES.temporary, true],
    ];
    for (const [arrange, sentence, transient] of cases) {
      fake.reset();
      arrange();
      const err = await failure(engine.stage(photo, stage));
      expect(err, sentence).toBeInstanceOf(EngineError);
      expect(err?.message).toBe(sentence);
      expect(err?.transient).toBe(transient);
      expect(fake.creates()).toHaveLength(1);
    }
    const wrongToken = new ReplicateEngine({
      apiToken: 'r8-wrong',
      baseUrl: fake.url,
      model: DEFAULT_REPLICATE_MODEL,
      timeoutMs: 5000,
      analyzer: noAnalysis,
    });
    expect((await failure(wrongToken.stage(photo, stage)))?.message).toBe(PROVIDER_FAILURES.credentials);
  });

  it('absorbs a single 429 with the SDK retry, and says busy (temporary) when it lasts', async () => {
    fake.failNext(429, 1, 'Request was throttled.');
    expect(await engineFor().stage(photo, stage)).toHaveLength(1);
    expect(fake.creates()).toHaveLength(2);

    fake.reset();
    fake.failNext(429, 50, 'Request was throttled.');
    const err = await failure(engineFor().stage(photo, stage));
    expect(err?.message).toBe(PROVIDER_FAILURES.busy);
    expect(err?.transient).toBe(true);
    expect(fake.predictions).toHaveLength(0);
  });

  it('gives up at the timeout and stops on abort, cancelling the running prediction both times', async () => {
    fake.ignoreWait = true;
    fake.runMs = 10_000;
    const started = Date.now();
    const slow = await failure(engineFor({ timeoutMs: 1000 }).stage(photo, stage));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(slow?.message).toBe(PROVIDER_FAILURES.timeout);
    expect(slow?.transient).toBe(true);
    await expect.poll(() => fake.cancelled).toHaveLength(1);

    const abort = new AbortController();
    const pending = failure(engineFor({ timeoutMs: 30_000 }).stage(photo, stage, abort.signal));
    await expect.poll(() => fake.predictions.length).toBe(2);
    abort.abort();
    expect((await pending)?.message).toBe(PROVIDER_FAILURES.interrupted);
    await expect.poll(() => fake.cancelled).toHaveLength(2);
  });
});
