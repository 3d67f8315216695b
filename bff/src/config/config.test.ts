import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...env });
const problem = (env: Record<string, string>) => {
  try {
    load(env);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
};

describe('AI provider configuration', () => {
  it('picks AI_PROVIDER, else the first provider with a key (OpenAI first), else the preview', () => {
    expect(load({}).engineKind).toBe('preview');
    expect(load({ OPENAI_API_KEY: 'sk', GEMINI_API_KEY: 'g', REPLICATE_API_TOKEN: 'r' }).engineKind).toBe(
      'openai',
    );
    expect(load({ GEMINI_API_KEY: 'g', REPLICATE_API_TOKEN: 'r' }).engineKind).toBe('gemini');
    expect(load({ REPLICATE_API_TOKEN: 'r' }).engineKind).toBe('replicate');
    expect(load({ OPENAI_API_KEY: 'sk', GEMINI_API_KEY: 'g', AI_PROVIDER: 'gemini' }).engineKind).toBe(
      'gemini',
    );
    expect(load({ OPENAI_API_KEY: 'sk', AI_PROVIDER: 'preview' }).engineKind).toBe('preview');
  });

  it('takes GOOGLE_API_KEY for Gemini when GEMINI_API_KEY is not set', () => {
    const config = load({ GOOGLE_API_KEY: 'google' });
    expect([config.engineKind, config.geminiApiKey]).toEqual(['gemini', 'google']);
    expect(load({ GOOGLE_API_KEY: 'google', GEMINI_API_KEY: 'gemini' }).geminiApiKey).toBe('gemini');
  });

  it('defaults to the best documented models of each provider', () => {
    const config = load({});
    expect(config.OPENAI_IMAGE_MODEL).toBe('gpt-image-2');
    expect(config.GEMINI_IMAGE_MODEL).toBe('gemini-3-pro-image');
    expect(config.REPLICATE_MODEL).toMatch(/^adirik\/interior-design:[0-9a-f]{64}$/);
  });

  it('refuses at start-up a provider without its key, and names the variable', () => {
    expect(problem({ AI_PROVIDER: 'replicate', OPENAI_API_KEY: 'sk' })).toMatch(
      /AI_PROVIDER: replicate needs REPLICATE_API_TOKEN/,
    );
    expect(problem({ AI_PROVIDER: 'gemini' })).toMatch(/GEMINI_API_KEY \(or GOOGLE_API_KEY\)/);
    expect(problem({ AI_PROVIDER: 'openai' })).toMatch(/OPENAI_API_KEY/);
    expect(problem({ AI_PROVIDER: 'midjourney' })).toMatch(/AI_PROVIDER/);
  });

  it('refuses an unknown OpenAI image model unless told which known one it behaves like', () => {
    expect(problem({ OPENAI_IMAGE_MODEL: 'gpt-image-3' })).toMatch(/OPENAI_IMAGE_MODEL_LIKE/);
    expect(problem({ OPENAI_IMAGE_MODEL: 'dall-e-2' })).toMatch(/not a known image model/);
    expect(
      load({ OPENAI_IMAGE_MODEL: 'gpt-image-3', OPENAI_IMAGE_MODEL_LIKE: 'gpt-image-2' }).OPENAI_IMAGE_MODEL,
    ).toBe('gpt-image-3');
    expect(load({ OPENAI_IMAGE_MODEL: 'gpt-image-2-2026-04-21' }).OPENAI_IMAGE_MODEL).toBe(
      'gpt-image-2-2026-04-21',
    );
    expect(problem({ OPENAI_IMAGE_MODEL_LIKE: 'gpt-image-9' })).toMatch(/OPENAI_IMAGE_MODEL_LIKE/);
  });

  it('checks model ids, base URLs and limits', () => {
    expect(problem({ REPLICATE_MODEL: 'interior-design' })).toMatch(/REPLICATE_MODEL: must be owner\/name/);
    expect(load({ REPLICATE_MODEL: 'black-forest-labs/flux-kontext-pro' }).REPLICATE_MODEL).toBe(
      'black-forest-labs/flux-kontext-pro',
    );
    expect(problem({ GEMINI_BASE_URL: 'not a url' })).toMatch(/GEMINI_BASE_URL/);
    expect(problem({ OPENAI_IMAGE_MAX_PIXELS: '-5' })).toMatch(/OPENAI_IMAGE_MAX_PIXELS/);
    expect(problem({ REPLICATE_TIMEOUT_MS: '10' })).toMatch(/REPLICATE_TIMEOUT_MS/);
  });
});
