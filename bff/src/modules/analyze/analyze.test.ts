import { beforeAll, describe, expect, it } from 'vitest';
import { makePhoto, multipart } from '../../testing/images';
import { withTestApp } from '../../testing/test-app';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';
import { healthDetails } from '../../testing/health';

const analyze = async (url: string, photo: Buffer) =>
  fetch(`${url}/api/analyze`, { method: 'POST', body: multipart({}, { data: photo }) });

describe('POST /api/analyze', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await makePhoto({ width: 1600, height: 1200 });
  });

  it("answers the preview engine's honest fallback without an AI provider: unsure, and says the engine", async () => {
    await withTestApp({}, async (t) => {
      const res = await analyze(t.url, photo);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        roomType: 'other',
        style: 'modern',
        confident: false,
        engine: 'preview',
      });
    });
  });

  describe('with OpenAI', () => {
    const fake = useFakeOpenAI();
    const t = useTestApp({
      env: () => ({
        ...fake.env,
        OPENAI_VISION_MODEL: 'gpt-4.1',
        ANALYZE_LIMIT_PER_HOUR: '4',
      }),
    });

    it("answers the vision model's room type and style, sent a small image without metadata", async () => {
      const res = await analyze(t.url, photo);
      expect(await res.json()).toEqual({
        roomType: 'kitchen',
        style: 'scandinavian',
        confident: true,
        engine: 'openai',
      });
      const body = fake.requests[0]?.json as { model: string; messages: { content: unknown }[] };
      expect(body.model).toBe('gpt-4.1');
      const dataUrl =
        /data:image\/jpeg;base64,([A-Za-z0-9+/=]+)/.exec(JSON.stringify(body.messages))?.[1] ?? '';
      const sent = Buffer.from(dataUrl, 'base64');
      expect(sent.length).toBeGreaterThan(1000);
      expect(sent.includes(Buffer.from('TestPhone'))).toBe(false);
      const { health } = await healthDetails(t.url);
      expect([health.engine, health.model]).toEqual(['openai', 'gpt-image-2']);
    });

    it("falls back to an unsure 'other' when the provider fails", async () => {
      fake.failNext(500);
      const res = await analyze(t.url, photo);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        roomType: 'other',
        style: 'modern',
        confident: false,
        engine: 'openai',
      });
    });

    it('passes on a guess the model is not sure of as unsure', async () => {
      fake.analysis = { roomType: 'bedroom', style: 'farmhouse', confidence: 'medium' };
      try {
        const res = await analyze(t.url, photo);
        expect(await res.json()).toEqual({
          roomType: 'bedroom',
          style: 'farmhouse',
          confident: false,
          engine: 'openai',
        });
      } finally {
        fake.analysis = { roomType: 'kitchen', style: 'scandinavian', confidence: 'high' };
      }
    });

    it('is rate-limited per address with Retry-After', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await analyze(t.url, photo)).status);
      const limited = statuses.indexOf(429);
      expect(limited).toBeGreaterThan(0);
      const res = await analyze(t.url, photo);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { message: string }).message).toMatch(/Please try again later\./);
    });
  });
});
