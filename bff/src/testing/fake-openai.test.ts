import { afterEach, describe, expect, it } from 'vitest';
import { chatImage, providerMs } from './fake-openai';
import { useFakeOpenAI } from './use-test-app';

const chat = (url: string) =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-6-luna', messages: [] }),
  });

describe('FakeOpenAI timings', () => {
  const fake = useFakeOpenAI();
  afterEach(() => fake.reset());

  it('records when each request arrived and when its answer was sent, delay included', async () => {
    fake.delayMs = 120;
    const pending = chat(fake.url);
    await fake.waitFor('/chat/completions');
    // Arrived, not answered yet: it counts as no provider time so far.
    expect(fake.requests[0]?.answeredAt).toBeNull();
    expect(providerMs(fake.requests)).toBe(0);
    expect((await pending).status).toBe(200);
    await chat(fake.url);

    const [first, second] = fake.requests;
    const spent = (r: typeof first) => (r?.answeredAt ?? 0) - (r?.receivedAt ?? 0);
    expect(spent(first)).toBeGreaterThanOrEqual(119);
    expect(spent(second)).toBeGreaterThanOrEqual(119);
    expect(second?.receivedAt).toBeGreaterThanOrEqual(first?.answeredAt ?? Infinity);
    expect(providerMs(fake.requests)).toBeCloseTo(spent(first) + spent(second), 6);
  });
});

describe('FakeOpenAI analysis from the photo', () => {
  const fake = useFakeOpenAI();
  afterEach(() => {
    fake.reset();
    fake.analyseImage = null;
  });

  it('answers each analysis from the image the request carried, the fixed one without an image', async () => {
    fake.analyseImage = (photo) => Promise.resolve({ roomType: photo.toString('utf8'), confidence: 'high' });
    const ask = async (content: unknown) => {
      const res = await fetch(`${fake.url}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-6-luna', messages: [{ role: 'user', content }] }),
      });
      const body = (await res.json()) as { choices: { message: { content: string } }[] };
      return JSON.parse(body.choices[0]?.message.content ?? 'null') as unknown;
    };
    const url = `data:image/jpeg;base64,${Buffer.from('bedroom').toString('base64')}`;
    expect(
      await ask([
        { type: 'text', text: 'Which room?' },
        { type: 'image_url', image_url: { url } },
      ]),
    ).toEqual({ roomType: 'bedroom', confidence: 'high' });
    expect(chatImage({ messages: [{ content: 'no image' }] })).toBeNull();
    expect(await ask('no image')).toEqual(fake.analysis);
  });
});
