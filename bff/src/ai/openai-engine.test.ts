import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { editImages } from '../testing/fake-openai';
import { makePhoto } from '../testing/images';
import { useFakeOpenAI } from '../testing/use-test-app';
import { EngineError, type StageRequest } from './engine';
import { OpenAiEngine } from './openai-engine';
import { isRetired, KNOWN_IMAGE_MODELS } from '../ai-models';
import { PROVIDER_FAILURES } from './provider-failures';

/** The day these tests describe: gpt-image-1 is gone, gpt-image-1.5 still served for a few days. */
const TODAY = new Date('2026-11-27T12:00:00Z');
import { STYLE_REFERENCE_SENTENCE } from './prompts';

const stage: StageRequest = {
  mode: 'stage',
  roomType: 'living-room',
  stylePreset: 'scandinavian',
  colorPalette: 'navy-gold',
  customPrompt: 'Add a reading nook by the window',
};

/** An images/edits request as the SDK sends it: fields and one photo. */
function multipartEdit(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('image', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'room.png');
  return form;
}
let tinyPng: Buffer;

/**
 * How long the engines wait for the loopback fake: a photo's round trip takes well over a second when both cores
 * are busy, and only the timeout test is about giving up (it sets its own).
 */
const ANSWER_MS = 30_000;

describe('OpenAI engine against a loopback OpenAI', () => {
  const fake = useFakeOpenAI();
  let engine: OpenAiEngine;
  let photo: Buffer;

  beforeAll(async () => {
    engine = new OpenAiEngine({
      apiKey: 'sk-test-123',
      baseURL: fake.url,
      visionModel: 'gpt-6-luna',
      imageModel: 'gpt-image-1.5',
      timeoutMs: ANSWER_MS,
    });
    photo = await makePhoto({ width: 1600, height: 1200, gps: false });
    tinyPng = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
  });
  beforeEach(() => {
    fake.reset();
    fake.today = TODAY.toISOString().slice(0, 10);
  });

  const engineFor = (
    imageModel: string,
    extra: Partial<ConstructorParameters<typeof OpenAiEngine>[0]> = {},
  ) =>
    new OpenAiEngine({
      apiKey: 'sk-test-123',
      baseURL: fake.url,
      visionModel: 'gpt-6-luna',
      imageModel,
      timeoutMs: ANSWER_MS,
      ...extra,
    });

  it('sends each model only the parameters it takes, at the largest size it allows', async () => {
    const free = { size: '1600x1200', input_fidelity: undefined, quality: 'high' };
    const expected: Record<string, Record<string, string | undefined>> = {
      'gpt-image-2': free,
      'gpt-image-2.5-flare': free,
      'gpt-image-2.5-sunburst': free,
      'gpt-image-2.6-flare': free,
      'gpt-image-2.6-sunburst': free,
      'gpt-image-1.5': { size: '1536x1024', input_fidelity: 'high', quality: 'high' },
      'gpt-image-1-mini': { size: '1536x1024', input_fidelity: undefined, quality: 'high' },
      'chatgpt-image-latest': { size: '1536x1024', input_fidelity: undefined, quality: 'high' },
    };
    const served = KNOWN_IMAGE_MODELS.filter((m) => !isRetired('openai', m, TODAY));
    expect(Object.keys(expected)).toEqual(served);
    for (const model of served) {
      const out = await engineFor(model).stage(photo, stage);
      expect(out, model).toHaveLength(1);
      const req = fake.edits().at(-1);
      expect(req?.fields.model).toBe(model);
      const { size, input_fidelity, quality } = req?.fields ?? {};
      expect({ size, input_fidelity, quality }, model).toEqual(expected[model]);
    }
    expect(fake.refusals).toEqual([]);
    // gpt-image-2 answers at the photo's own size and shape.
    const [first] = fake.edits();
    const sent = await sharp(editImages(first!)[0]?.data).metadata();
    expect([sent.width, sent.height]).toEqual([1600, 1200]);
  });

  it('stages with a dated snapshot, and with a newer model declared like a known one', async () => {
    fake.imageModels['gpt-image-3'] = 'gpt-image-2';
    await engineFor('gpt-image-2-2026-04-21').stage(photo, stage);
    await engineFor('gpt-image-3', { imageModelLike: 'gpt-image-2' }).stage(photo, stage);
    expect(fake.edits().map((r) => r.fields.size)).toEqual(['1600x1200', '1600x1200']);
    expect(fake.refusals).toEqual([]);
    expect(() => engineFor('gpt-image-3')).toThrow(/Unknown OpenAI image model/);
  });

  it('is refused with the real API error when a model gets a parameter it does not take', async () => {
    // What the engine sent gpt-image-2 before the model table: input_fidelity, which it rejects.
    const res = await fetch(`${fake.url}/images/edits`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-test' },
      body: multipartEdit({ model: 'gpt-image-2', prompt: 'x', size: '1536x1024', input_fidelity: 'high' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_input_fidelity_model',
    );
    const unknown = await fetch(`${fake.url}/images/edits`, {
      method: 'POST',
      body: multipartEdit({ model: 'gpt-image-1.5', prompt: 'x', style: 'vivid' }),
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      "Unknown parameter: 'style'.",
    );
  });

  it('stages with an image edit: model, prompt from mode/room/style/palette/custom text, image, size', async () => {
    const out = await engine.stage(photo, stage);
    expect(out).toHaveLength(1);
    const [req] = fake.edits();
    expect(req?.authorization).toBe('Bearer sk-test-123');
    expect(req?.fields).toMatchObject({
      model: 'gpt-image-1.5',
      n: '1',
      size: '1536x1024',
      input_fidelity: 'high',
      quality: 'high',
    });
    const prompt = req?.fields.prompt ?? '';
    expect(prompt).toMatch(/stage this photo of a living room/i);
    expect(prompt).toContain('Scandinavian');
    expect(prompt).toContain('Navy & Gold');
    expect(prompt).toContain('#D4AF37');
    expect(prompt).toContain('Add a reading nook by the window');
    expect(prompt).toMatch(/architecture exactly/);
    const image = req?.files.find((f) => f.field === 'image');
    expect(image?.mimeType).toBe('image/jpeg');
    const meta = await sharp(image?.data).metadata();
    expect([meta.width, meta.height]).toEqual([1365, 1024]);
    expect((await sharp(out[0]).metadata()).format).toBe('png');
  });

  it('unstages without style or palette; a multi-view is 3 requests of one image each', async () => {
    await engine.stage(photo, {
      ...stage,
      mode: 'unstage',
      stylePreset: null,
      colorPalette: null,
      customPrompt: null,
    });
    const unstage = fake.edits()[0]?.fields.prompt ?? '';
    expect(unstage).toMatch(/remove all furniture/i);
    expect(unstage).not.toMatch(/Scandinavian|palette/i);

    const variants = await engine.stage(photo, { ...stage, mode: 'multi-view' });
    expect(variants).toHaveLength(3);
    const options = fake.edits().slice(1);
    expect(options.map((r) => r.fields.n)).toEqual(['1', '1', '1']);
    expect(options[0]?.fields.prompt).toMatch(/3 alternative staging options/);
  });

  it('keeps the options of a multi-view that came back and never asks again for one that timed out', async () => {
    const calls: { ok: boolean; usd: number | null }[] = [];
    fake.failNext(500, 1);
    const variants = await engine.stage(photo, { ...stage, mode: 'multi-view', meter: (c) => calls.push(c) });
    // One option failed: the two that came back are kept, nothing is asked for twice.
    expect(variants).toHaveLength(2);
    expect(fake.edits()).toHaveLength(3);
    expect(calls.filter((c) => c.ok)).toHaveLength(2);
    expect(calls.every((c) => c.usd !== null && c.usd > 0)).toBe(true);
  });

  it('sends a style reference as the second image of the same edit, with the prompt saying what it is', async () => {
    const reference = await makePhoto({ width: 1536, height: 1024, gps: false });
    expect(engine.takesReferenceImage).toBe(true);
    await engine.stage(photo, { ...stage, referenceImage: reference });
    await engine.stage(photo, stage);
    const [styled, alone] = fake.edits();
    const images = editImages(styled!);
    expect(images.map((f) => [f.field, f.mimeType])).toEqual([
      ['image[]', 'image/jpeg'],
      ['image[]', 'image/jpeg'],
    ]);
    // The photo to edit first, at the edit size; the reference second, smaller.
    const [first, second] = await Promise.all(images.map((f) => sharp(f.data).metadata()));
    expect([first?.width, first?.height]).toEqual([1365, 1024]);
    expect([second?.width, second?.height]).toEqual([768, 512]);
    expect(styled?.fields.prompt).toContain(STYLE_REFERENCE_SENTENCE);
    expect(styled?.fields.prompt).toMatch(/architecture exactly/);
    expect(editImages(alone!).map((f) => f.field)).toEqual(['image']);
    expect(alone?.fields.prompt).not.toContain('second image');

    // Unstaging empties a room: nothing to match.
    await engine.stage(photo, {
      ...stage,
      mode: 'unstage',
      stylePreset: null,
      colorPalette: null,
      referenceImage: reference,
    });
    expect(editImages(fake.edits()[2]!)).toHaveLength(1);
  });

  it('analyses with the vision model and a strict JSON schema, clamping unknown answers', async () => {
    expect(await engine.analyze(photo)).toEqual({
      roomType: 'kitchen',
      style: 'scandinavian',
      confident: true,
    });
    const body = fake.requests[0]?.json as {
      model: string;
      response_format: { type: string; json_schema: { strict: boolean; schema: { required: string[] } } };
      messages: { content: unknown }[];
    };
    expect(body.model).toBe('gpt-6-luna');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.required).toEqual(['roomType', 'style', 'confidence']);
    expect(JSON.stringify(body.messages)).toContain('data:image/jpeg;base64,');

    fake.analysis = { roomType: 'Garage', style: 'baroque', confidence: 'high' };
    expect(await engine.analyze(photo)).toEqual({ roomType: 'other', style: 'modern', confident: false });
    fake.analysis = { roomType: 'bedroom', style: 'modern', confidence: 'low' };
    expect(await engine.analyze(photo)).toEqual({ roomType: 'bedroom', style: 'modern', confident: false });
    fake.analysis = { roomType: 'kitchen', style: 'scandinavian', confidence: 'high' };
  });

  it('maps provider errors to sentences, marking only temporary ones for retry', async () => {
    const cases: [number, string | null, string, boolean][] = [
      [500, null, 'temporary problem', true],
      [429, null, 'busy', true],
      [429, 'insufficient_quota', 'quota', false],
      [401, null, 'credentials', false],
      [400, 'moderation_blocked', 'safety rules', false],
    ];
    for (const [status, code, text, transient] of cases) {
      fake.failNext(status, 1, code);
      const err = await engine.stage(photo, stage).catch((e: unknown) => e);
      expect(err, `${status} ${code}`).toBeInstanceOf(EngineError);
      expect((err as EngineError).message).toContain(text);
      expect((err as EngineError).transient).toBe(transient);
    }
  });

  it('gives up on a slow provider at the configured timeout; a timed-out image is not tried again', async () => {
    fake.delayMs = 2500;
    const impatient = engineFor('gpt-image-1.5', { timeoutMs: 1000 });
    const calls: { ok: boolean }[] = [];
    const started = Date.now();
    const err = await impatient
      .stage(photo, { ...stage, meter: (c) => calls.push(c) })
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2400);
    expect(err).toBeInstanceOf(EngineError);
    // The provider may have made (and billed) the image: the worker must not pay for it again.
    expect((err as EngineError).transient).toBe(false);
    expect((err as EngineError).message).toMatch(/too long/);
    expect(calls).toMatchObject([{ ok: false }]);
    // An analysis costs little: a slow one is still worth another try.
    const slow = await impatient.analyze(photo).catch((e: unknown) => e);
    expect((slow as EngineError).transient).toBe(true);
  });

  it('asks a reasoning vision model for low effort and an older one for none (which it would refuse)', async () => {
    // A day both models are served (the older one shuts down on 2027-01-14).
    fake.today = '2026-11-29';
    await engineFor('gpt-image-2').analyze(photo);
    await engineFor('gpt-image-2', { visionModel: 'gpt-4.1-mini' }).analyze(photo);
    const sent = fake.requests.map((r) => r.json as { model: string; reasoning_effort?: string });
    expect(sent.map((b) => [b.model, b.reasoning_effort])).toEqual([
      ['gpt-6-luna', 'low'],
      ['gpt-4.1-mini', undefined],
    ]);
    const refused = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-test', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [], reasoning_effort: 'low' }),
    });
    expect(refused.status).toBe(400);
  });

  it('refuses a model past its shutdown day, and reads the day from the model list before it', async () => {
    const mini = engineFor('gpt-image-2', { visionModel: 'gpt-4.1-mini' });
    fake.today = '2026-11-29';
    expect(await mini.checkModels()).toContainEqual({
      provider: 'openai',
      role: 'analysis',
      model: 'gpt-4.1-mini',
      served: true,
      listedShutdown: '2027-01-14',
    });
    fake.today = '2027-01-14';
    const err = (await mini.analyze(photo).catch((e: unknown) => e)) as EngineError;
    expect(err.message).toBe(PROVIDER_FAILURES.model);
    expect((await mini.checkModels()).find((m) => m.role === 'analysis')?.served).toBe(false);
  });

  it('is refused by the fake as by OpenAI for a model it does not serve, and says which are served', async () => {
    const typo = engineFor('gpt-image-2', { visionModel: 'gpt-4.1-minii' });
    const err = (await typo.analyze(photo).catch((e: unknown) => e)) as EngineError;
    expect(err.message).toBe(PROVIDER_FAILURES.model);
    expect(err.transient).toBe(false);
    const res = await fetch(`${fake.url}/models/gpt-image-1`, {
      headers: { Authorization: 'Bearer sk-test' },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('model_not_found');

    expect(await typo.checkModels()).toEqual([
      { provider: 'openai', role: 'image', model: 'gpt-image-2', served: true, listedShutdown: null },
      { provider: 'openai', role: 'draft', model: 'gpt-image-2.6-flare', served: true, listedShutdown: null },
      { provider: 'openai', role: 'analysis', model: 'gpt-4.1-minii', served: false, listedShutdown: null },
    ]);
    fake.withdrawn.add('gpt-image-1.5');
    const tiers = { demo: { model: 'gpt-image-1.5', quality: 'medium' as const } };
    const checked = await engineFor('gpt-image-2', { tiers }).checkModels();
    expect(checked.map((m) => [m.model, m.served])).toEqual([
      ['gpt-image-2', true],
      ['gpt-image-1.5', false],
      ['gpt-image-2.6-flare', true],
      ['gpt-6-luna', true],
    ]);
  });

  it("stages each plan with the operator's model and quality for it", async () => {
    const tiers = { demo: { model: 'gpt-image-2.6-flare', quality: 'medium' as const } };
    const tiered = engineFor('gpt-image-2', { tiers });
    await tiered.stage(photo, { ...stage, tier: 'demo' });
    await tiered.stage(photo, { ...stage, tier: 'pro' });
    expect(fake.edits().map((r) => [r.fields.model, r.fields.quality])).toEqual([
      ['gpt-image-2.6-flare', 'medium'],
      ['gpt-image-2', 'high'],
    ]);
  });

  it("makes a draft with the fast model (gpt-image-2.6-flare) at quality 'low' and its smallest size, and says it has one", async () => {
    const tiers = { free: { model: 'gpt-image-2', quality: 'medium' as const } };
    const tiered = engineFor('gpt-image-2', { tiers });
    expect(tiered.draftPass).toBe("gpt-image-2.6-flare at quality 'low', smallest size");
    await tiered.stage(photo, { ...stage, tier: 'free', draft: true });
    await tiered.stage(photo, { ...stage, tier: 'free' });
    const [draft, final] = fake.edits().map((r) => [r.fields.quality, r.fields.size, r.fields.model]);
    expect(draft?.[0]).toBe('low');
    expect(draft?.[2]).toBe('gpt-image-2.6-flare');
    expect(final?.[0]).toBe('medium');
    expect(final?.[2]).toBe('gpt-image-2');
    expect(fake.refusals).toEqual([]);
    const pixels = (size: string | undefined) =>
      (size ?? '0x0')
        .split('x')
        .map(Number)
        .reduce((a, b) => a * b);
    // gpt-image-2's floor is 655,360 pixels: the draft sits on it, the final well above.
    expect(pixels(draft?.[1])).toBeGreaterThanOrEqual(655_360);
    expect(pixels(draft?.[1])).toBeLessThan(700_000);
    expect(pixels(final?.[1])).toBeGreaterThan(pixels(draft?.[1]));
  });
});
