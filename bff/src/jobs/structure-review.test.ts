import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIN_PHOTO_SHORT_EDGE } from '@shared/domain';
import { GeminiEngine } from '../ai/gemini-engine';
import { OpenAiEngine } from '../ai/openai-engine';
import { STRUCTURE_REVIEW_SCHEMA, type ProviderCall, type StagingEngine } from '../ai';
import { createLogger } from '../config';
import { renderRoom, roomAtLeast } from '../testing/synthetic-rooms';
import { FakeGemini, geminiImages } from '../testing/fake-gemini';
import { FakeOpenAI, chatImage } from '../testing/fake-openai';
import { FAKE_OPINIONS } from '../testing/fake-structure-review';
import { stageAndCheck } from './stage-and-check';
import { anotherRoom } from '../testing/another-room';

const log = createLogger({ LOG_LEVEL: 'silent' });
const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
/** Unlocked (a free restyle): the answer is judged whole, as the fake makes it. */
const request = {
  mode: 'stage',
  roomType: 'living-room',
  stylePreset: 'modern',
  colorPalette: null,
  customPrompt: null,
  freeRestyle: true,
} as const;

/** The last image a chat request carries (the result; the photo comes first). */
function lastChatImage(json: unknown): Buffer | null {
  type Part = { type?: string; image_url?: { url?: string } };
  const messages = (json as { messages?: { content?: unknown }[] } | null)?.messages ?? [];
  const urls = messages.flatMap((m) =>
    Array.isArray(m.content) ? (m.content as Part[]).map((p) => p.image_url?.url ?? '') : [],
  );
  const data = urls
    .filter(Boolean)
    .at(-1)
    ?.match(/^data:[^;]+;base64,(.*)$/)?.[1];
  return data ? Buffer.from(data, 'base64') : null;
}

/** Another room seen from another side: the local check never clears it and no repair fixes it. */
const elsewhere = () => anotherRoom(room);

let photo: Buffer;
beforeAll(async () => {
  photo = await renderRoom(room, 'empty');
});

/** Stages through `engine`; the staging's calls go to `calls`, the second opinions' to `reviews`. */
function stage(engine: StagingEngine, calls: ProviderCall[] = [], reviews: ProviderCall[] = []) {
  const size = { width: room.width, height: room.height };
  const meter = (c: ProviderCall) => calls.push(c);
  const reviewMeter = (c: ProviderCall) => reviews.push(c);
  return stageAndCheck(
    { engine, log, original: photo, size, signal: new AbortController().signal, reviewMeter },
    { ...request, meter },
  );
}

describe('second opinion from OpenAI (real SDK, loopback API) on every result', () => {
  const fake = new FakeOpenAI();
  const engine = () =>
    new OpenAiEngine({
      apiKey: 'sk-test',
      baseURL: fake.url,
      visionModel: 'gpt-6-luna',
      imageModel: 'gpt-image-2',
      timeoutMs: 10_000,
    });
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("a result the local check clears is asked about too: its 'kept' and its words are kept; one call, metered apart", async () => {
    fake.editImage = () => renderRoom(room, 'furnished');
    fake.verdict = 'kept';
    const calls: ProviderCall[] = [];
    const reviews: ProviderCall[] = [];
    const [result] = await stage(engine(), calls, reviews);
    expect(result?.check?.flagged).toBe(false);
    expect(result?.opinion?.note).toBe(FAKE_OPINIONS.kept.note);
    expect(fake.edits()).toHaveLength(1);
    expect(fake.reviews()).toHaveLength(1);
    // Photo and result, in that order, asked to answer our schema strictly; its cost is metered apart.
    const body = fake.reviews()[0]?.json as { response_format: { json_schema: unknown } };
    expect(body.response_format.json_schema).toEqual({
      name: 'structure_review',
      strict: true,
      schema: STRUCTURE_REVIEW_SCHEMA,
    });
    expect(chatImage(body)).not.toBeNull();
    expect(reviews).toEqual([
      expect.objectContaining({
        provider: 'openai',
        model: 'gpt-6-luna',
        kind: 'analysis',
        images: 2,
        ok: true,
      }),
    ]);
    expect(calls.filter((c) => c.kind === 'analysis')).toEqual([]);
  });

  it("its 'changed' flags a result the local check cleared, with its words; the strict retry is asked about once more", async () => {
    fake.editImage = () => renderRoom(room, 'furnished');
    fake.verdict = 'changed';
    const [result] = await stage(engine());
    expect(result?.check?.flagged).toBe(true);
    expect(result?.opinion?.note).toBe(FAKE_OPINIONS.changed.note);
    expect(fake.edits()).toHaveLength(2);
    expect(fake.reviews()).toHaveLength(2);
  });

  it("its 'kept' does not clear what the local check is sure of (another room): flagged, its words kept", async () => {
    fake.editImage = () => elsewhere();
    fake.verdict = 'kept';
    const [result] = await stage(engine());
    expect(result?.check?.flagged).toBe(true);
    expect(result?.check?.changes.some((c) => c.element === 'room')).toBe(true);
    expect(result?.opinion?.note).toBe(FAKE_OPINIONS.kept.note);
    // Still flagged, so restaged strictly: one call per result, the first try's and the retry's.
    expect(fake.edits()).toHaveLength(2);
    expect(fake.reviews()).toHaveLength(2);
  });

  it('a repaired result is asked about again as repaired: the opinion kept is of the image the agent sees', async () => {
    fake.editImage = () => renderRoom(room, 'window-moved');
    fake.verdict = 'kept';
    const [result] = await stage(engine());
    expect(result?.restored).toEqual([expect.stringMatching(/^the window /)]);
    expect(result?.check?.flagged).toBe(false);
    expect(result?.opinion?.note).toBe(FAKE_OPINIONS.kept.note);
    // Asked once as it came (while the check ran), once more about the repaired image.
    const [asCame, asRepaired] = fake.reviews().map((r) => lastChatImage(r.json));
    expect(fake.reviews()).toHaveLength(2);
    expect(asCame && asRepaired && !asCame.equals(asRepaired)).toBe(true);
  });

  it("a multi-view's three results are asked about side by side, each as soon as it is locked", async () => {
    fake.editImage = () => renderRoom(room, 'furnished');
    fake.verdict = 'kept';
    // Each review is answered once all three are in (at most 5 s on): one after the other, the first waits it out.
    fake.hold = (r) => {
      if (!r.path.endsWith('/chat/completions')) return undefined;
      const allIn = async () => {
        const until = Date.now() + 5000;
        while (fake.reviews().length < 3 && Date.now() < until) await new Promise((t) => setTimeout(t, 20));
      };
      return allIn();
    };
    const size = { width: room.width, height: room.height };
    const results = await stageAndCheck(
      { engine: engine(), log, original: photo, size, signal: new AbortController().signal },
      { ...request, mode: 'multi-view' },
    );
    expect(results.map((r) => r.opinion?.note)).toEqual(Array(3).fill(FAKE_OPINIONS.kept.note));
    const reviews = fake.reviews();
    expect(reviews).toHaveLength(3);
    const lastAsked = Math.max(...reviews.map((r) => r.receivedAt));
    const firstAnswered = Math.min(...reviews.map((r) => r.answeredAt ?? Infinity));
    expect(lastAsked).toBeLessThan(firstAnswered);
  });
});

describe('second opinion from Gemini (real SDK, loopback API)', () => {
  const fake = new FakeGemini();
  const engine = () =>
    new GeminiEngine({
      apiKey: 'gem-test',
      baseUrl: fake.url,
      visionModel: 'gemini-3.5-flash-lite',
      imageModel: 'gemini-3-pro-image',
      timeoutMs: 10_000,
    });
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("'changed' flags a result the local check cleared; 'kept' leaves it clear; each result asked once", async () => {
    fake.editImage = () => renderRoom(room, 'furnished');
    fake.verdict = 'changed';
    const [changed] = await stage(engine());
    expect(changed?.check?.flagged).toBe(true);
    expect(changed?.opinion?.note).toBe(FAKE_OPINIONS.changed.note);
    expect(fake.reviews()).toHaveLength(2);
    const review = fake.reviews()[0]!;
    expect(geminiImages(review.body)).toHaveLength(2);
    expect(review.body.generationConfig?.responseJsonSchema).toEqual(STRUCTURE_REVIEW_SCHEMA);

    fake.reset();
    fake.editImage = () => renderRoom(room, 'furnished');
    fake.verdict = 'kept';
    const [kept] = await stage(engine());
    expect(kept?.check?.flagged).toBe(false);
    expect(kept?.opinion?.note).toBe(FAKE_OPINIONS.kept.note);
    expect(fake.reviews()).toHaveLength(1);
  });
});
