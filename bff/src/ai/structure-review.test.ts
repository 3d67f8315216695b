import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAI } from '../testing/fake-openai';
import { STRUCTURE_REVIEW_SCHEMA, opinionFromJson } from './structure-review';

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
});
