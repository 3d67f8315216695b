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

describe('object storage configuration', () => {
  it('keeps images beside the documents unless a bucket is set, whatever the document store', () => {
    expect(loadConfig({}).blobKind).toBe('files');
    expect(loadConfig({ MONGODB_URI: 'mongodb://db/x' }).blobKind).toBe('gridfs');
    const s3 = loadConfig({ MONGODB_URI: 'mongodb://db/x', S3_BUCKET: 'stagely-images' });
    expect([s3.blobKind, s3.S3_REGION, s3.S3_DELIVERY, s3.S3_LINK_SECONDS]).toEqual([
      's3',
      'us-east-1',
      'stream',
      300,
    ]);
    expect(s3.blobLinkOrigin).toBeNull();
  });

  it('knows where presigned links point, for the CSP', () => {
    const redirect = { S3_BUCKET: 'stagely-images', S3_DELIVERY: 'redirect' };
    expect(loadConfig({ ...redirect, S3_REGION: 'eu-west-3' }).blobLinkOrigin).toBe(
      'https://stagely-images.s3.eu-west-3.amazonaws.com',
    );
    expect(
      loadConfig({ ...redirect, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' })
        .blobLinkOrigin,
    ).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ ...redirect, S3_ENDPOINT: 'https://r2.example.com' }).blobLinkOrigin).toBe(
      'https://stagely-images.r2.example.com',
    );
  });

  it('refuses settings that cannot work, with the variable named', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ S3_DELIVERY: 'redirect' })).toMatch(/S3_DELIVERY: redirect needs S3_BUCKET/);
    expect(refusal({ S3_BUCKET: 'Bad_Bucket!' })).toMatch(/S3_BUCKET: must be an S3 bucket name/);
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'ftp://x' })).toMatch(/S3_ENDPOINT/);
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_DELIVERY: 'proxy' })).toMatch(/S3_DELIVERY/);
    expect(refusal({ S3_BUCKET: 'ok-bucket', S3_LINK_SECONDS: '999999' })).toMatch(/S3_LINK_SECONDS/);
  });
});

describe('Model lifecycle and per-plan image models at start-up', () => {
  const at = (env: Record<string, string>, day: string) => {
    try {
      loadConfig({ DATA_DIR: '/tmp/unused', ...env }, '0.0.0', new Date(`${day}T12:00:00Z`));
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('refuses a retired model with a sentence naming its replacement, from its shutdown day on', () => {
    expect(at({ OPENAI_IMAGE_MODEL: 'gpt-image-1' }, '2026-11-27')).toMatch(
      "OPENAI_IMAGE_MODEL: 'gpt-image-1' was retired by OpenAI on 2026-10-23; set OPENAI_IMAGE_MODEL=gpt-image-2.6-sunburst",
    );
    // A dated snapshot ends with its model.
    expect(
      at(
        { OPENAI_IMAGE_MODEL: 'gpt-image-1-2025-04-15', OPENAI_IMAGE_MODEL_LIKE: 'gpt-image-1' },
        '2026-11-27',
      ),
    ).toMatch(/retired/);
    expect(at({ OPENAI_IMAGE_MODEL: 'gpt-image-1.5' }, '2026-11-30')).toBeNull();
    expect(at({ OPENAI_IMAGE_MODEL: 'gpt-image-1.5' }, '2026-12-01')).toMatch(
      /retired by OpenAI on 2026-12-01/,
    );
    expect(at({ GEMINI_IMAGE_MODEL: 'gemini-3-pro-image-preview' }, '2026-11-27')).toMatch(
      /GEMINI_IMAGE_MODEL: 'gemini-3-pro-image-preview' was retired by Google on 2026-06-25; set GEMINI_IMAGE_MODEL=gemini-3-pro-image/,
    );
    // Deprecated without a date: still served, so it starts (the daily check warns).
    expect(at({ GEMINI_IMAGE_MODEL: 'gemini-3.1-flash-image' }, '2026-11-27')).toBeNull();
  });

  it('warns within 30 days of a vision model shutdown, naming its replacement, and refuses it from that day on', () => {
    const warningsAt = (env: Record<string, string>, day: string) =>
      loadConfig({ DATA_DIR: '/tmp/unused', ...env }, '0.0.0', new Date(`${day}T12:00:00Z`))
        .modelShutdownWarnings;
    const flash = { GEMINI_API_KEY: 'g', GEMINI_VISION_MODEL: 'gemini-2.5-flash' };
    expect(warningsAt(flash, '2026-11-29')).toEqual([
      "GEMINI_VISION_MODEL: 'gemini-2.5-flash' shuts down at Google on 2026-12-01 (in 2 days); " +
        'set GEMINI_VISION_MODEL=gemini-3.5-flash-lite (its replacement) before then',
    ]);
    expect(at(flash, '2026-12-01')).toMatch(
      /GEMINI_VISION_MODEL: 'gemini-2.5-flash' was retired by Google on 2026-12-01; set GEMINI_VISION_MODEL=gemini-3.5-flash-lite/,
    );
    expect(at({ GEMINI_VISION_MODEL: 'gemini-2.5-pro' }, '2026-12-02')).toMatch(/gemini-3.8-flash/);
    const mini = { OPENAI_VISION_MODEL: 'gpt-4.1-mini' };
    // 46 days ahead: no warning yet; 25 days ahead: one; from the day: refused.
    expect(warningsAt(mini, '2026-11-29')).toEqual([]);
    expect(warningsAt(mini, '2026-12-20')).toEqual([expect.stringMatching(/in 25 days.*gpt-6-luna/)]);
    expect(at(mini, '2027-01-14')).toMatch(/OPENAI_VISION_MODEL: 'gpt-4.1-mini' was retired by OpenAI/);
    // The defaults have no shutdown announced.
    expect(warningsAt({}, '2026-11-29')).toEqual([]);
    expect(at({}, '2027-06-01')).toBeNull();
  });

  it("gives each plan the provider's model at medium quality at about 1.3 MP, and takes the operator's", () => {
    expect(load({ OPENAI_API_KEY: 'sk' }).OPENAI_IMAGE_MAX_PIXELS).toBe(1280 * 1024);
    expect(load({ OPENAI_API_KEY: 'sk' }).imageTiers).toEqual({
      free: { model: 'gpt-image-2', quality: 'medium' },
      pro: { model: 'gpt-image-2', quality: 'medium' },
      demo: { model: 'gpt-image-2', quality: 'medium' },
    });
    const tiers = load({
      GEMINI_API_KEY: 'g',
      IMAGE_MODEL_FREE: 'gemini-3.1-flash-lite-image',
      IMAGE_QUALITY_FREE: 'low',
      IMAGE_MODEL_DEMO: 'gemini-nano-banana-2.1',
    }).imageTiers;
    expect(tiers.free).toEqual({ model: 'gemini-3.1-flash-lite-image', quality: 'low' });
    expect(tiers.pro).toEqual({ model: 'gemini-3-pro-image', quality: 'medium' });
    expect(tiers.demo).toEqual({ model: 'gemini-nano-banana-2.1', quality: 'medium' });
  });

  it('refuses a plan model the provider cannot stage with, a retired one, and a quality it does not know', () => {
    expect(problem({ OPENAI_API_KEY: 'sk', IMAGE_MODEL_DEMO: 'gpt-image-2.6-sunburts' })).toMatch(
      /IMAGE_MODEL_DEMO: 'gpt-image-2.6-sunburts' is not a known OpenAI image model/,
    );
    expect(at({ OPENAI_API_KEY: 'sk', IMAGE_MODEL_FREE: 'gpt-image-1' }, '2026-11-27')).toMatch(
      /IMAGE_MODEL_FREE: 'gpt-image-1' was retired by OpenAI on 2026-10-23; set IMAGE_MODEL_FREE=gpt-image-2.6-sunburst/,
    );
    expect(problem({ GEMINI_API_KEY: 'g', IMAGE_MODEL_PRO: 'gpt-image-2' })).toMatch(
      /IMAGE_MODEL_PRO: 'gpt-image-2' is not a known Gemini image model/,
    );
    expect(problem({ IMAGE_QUALITY_DEMO: 'ultra' })).toMatch(/IMAGE_QUALITY_DEMO/);
    expect(problem({ OPERATOR_EMAIL: 'not-an-address' })).toMatch(/OPERATOR_EMAIL/);
  });
});
