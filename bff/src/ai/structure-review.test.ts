import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAI } from '../testing/fake-openai';
import sharp from 'sharp';
import { STRUCTURE_REVIEW_SCHEMA, opinionFromJson, reviewImages } from './structure-review';

describe('the structure review answer', () => {
  const fake = new FakeOpenAI();
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());

  it('reads an answer in our schema and nothing else', () => {
    expect(opinionFromJson('{"changed":false,"note":"Kept.","elements":[]}')).toEqual({
      changed: false,
      note: 'Kept.',
      elements: [],
    });
    expect(opinionFromJson('{"changed":"yes","note":"x","elements":[]}')).toBeNull();
    expect(
      opinionFromJson('{"changed":true,"note":"x","elements":[{"element":"sofa","what":"x"}]}'),
    ).toBeNull();
    expect(opinionFromJson('not json')).toBeNull();
  });

  it('refuses, as OpenAI does, a strict schema that leaves an object open', async () => {
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 });
    const open = { ...STRUCTURE_REVIEW_SCHEMA, additionalProperties: true };
    const refused = await client.chat.completions
      .create({
        model: 'gpt-6-luna',
        messages: [{ role: 'user', content: 'x' }],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'structure_review', strict: true, schema: open },
        },
      })
      .catch((err: unknown) => err as { status?: number; message?: string });
    expect(refused).toMatchObject({ status: 400 });
    expect((refused as { message: string }).message).toMatch(/additionalProperties/);
  });

  it("makes the photo's picture once for all the results of a staging, each result's its own", async () => {
    const image = (background: string) =>
      sharp({ create: { width: 2048, height: 1536, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const [photo, first, second] = await Promise.all([image('#ddd'), image('#a33'), image('#3a3')]);
    const [photoOnce, firstOut] = await reviewImages(photo, first);
    const [photoAgain, secondOut] = await reviewImages(photo, second);
    expect(photoAgain).toBe(photoOnce);
    expect(firstOut.equals(secondOut)).toBe(false);
    expect((await sharp(photoOnce).metadata()).width).toBe(1024);
    // Another staging's photo (another buffer) gets its own picture.
    const [otherPhoto] = await reviewImages(Buffer.from(photo), first);
    expect(otherPhoto).not.toBe(photoOnce);
  });
});
