import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGemini } from '../../testing/fake-gemini';
import { FakeOpenAI } from '../../testing/fake-openai';
import { healthDetails } from '../../testing/health';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, withTestApp } from '../../testing/test-app';
import { createLogger, loadConfig } from '../../config';
import { createModelWatch } from './model-watch';

const health = async (url: string) => {
  const { models = [] } = (await healthDetails(url)).health;
  return { models };
};

describe('the configured AI models, checked against the provider model list', () => {
  const openai = new FakeOpenAI();
  const gemini = new FakeGemini();
  const sink = new SmtpSink();
  beforeAll(async () => {
    await Promise.all([openai.listen(), gemini.listen(), sink.listen()]);
  });
  afterAll(async () => {
    await Promise.all([openai.close(), gemini.close(), sink.close()]);
  });

  it('names each model in /api/health with its shutdown date, and mails the operator 30 days ahead', async () => {
    const env = {
      ...openai.env,
      OPENAI_IMAGE_MODEL: 'gpt-image-2',
      IMAGE_MODEL_DEMO: 'gpt-image-1.5',
      OPERATOR_EMAIL: 'ops@stagely.test',
      SMTP_URL: sink.url,
    };
    // Four days before gpt-image-1.5 shuts down, at the app and at the provider alike.
    openai.today = '2026-11-27';
    const app = await startTestApp(env, {}, { now: new Date('2026-11-27T12:00:00Z') });
    try {
      const { url, deps } = app;
      expect((await health(url)).models).toEqual([]);
      await deps.modelWatch?.check();
      const { models } = await health(url);
      expect(models.map((m) => [m.role, m.model, m.served, m.shutdown, m.replacement, m.daysLeft])).toEqual([
        ['image', 'gpt-image-2', true, null, null, null],
        ['image', 'gpt-image-1.5', true, '2026-12-01', 'gpt-image-2.6-sunburst', 4],
        ['draft', 'gpt-image-2.6-flare', true, null, null, null],
        ['analysis', 'gpt-6-luna', true, null, null, null],
      ]);
      const mail = await sink.waitFor((m) => m.subject === 'Stagely: an AI model needs changing');
      expect(mail.rcptTo).toEqual(['ops@stagely.test']);
      expect(mail.text).toContain('shuts down on 2026-12-01');
      expect(mail.text).toContain("'gpt-image-2.6-sunburst'");
    } finally {
      await app.close();
      openai.reset();
    }
  });

  it('says when a model is gone from the list (a typo or a retirement) and mails it', async () => {
    gemini.withdrawn.add('gemini-3.5-flash-lite');
    const env = { ...gemini.env, OPERATOR_EMAIL: 'ops@stagely.test', SMTP_URL: sink.url };
    await withTestApp(env, async ({ url, deps }) => {
      await deps.modelWatch?.check();
      const { models } = await health(url);
      expect(models.map((m) => [m.provider, m.role, m.model, m.served])).toEqual([
        ['gemini', 'image', 'gemini-3-pro-image', true],
        ['gemini', 'draft', 'gemini-3.1-flash-lite-image', true],
        ['gemini', 'analysis', 'gemini-3.5-flash-lite', false],
      ]);
      const mail = await sink.waitFor((m) =>
        (m.text ?? '').includes("'gemini-3.5-flash-lite' is not in the provider's model list"),
      );
      expect(mail.rcptTo).toEqual(['ops@stagely.test']);
    });
    gemini.reset();
  });

  it('when the model list cannot be read, still names the models with their shutdown dates and warns the operator', async () => {
    const env = {
      ...openai.env,
      OPENAI_IMAGE_MODEL: 'gpt-image-2',
      IMAGE_MODEL_DEMO: 'gpt-image-1.5',
      OPERATOR_EMAIL: 'ops@stagely.test',
      SMTP_URL: sink.url,
    };
    // A day gpt-image-1.5 is still served (it shuts down on 2026-12-01).
    const app = await startTestApp(env, {}, { now: new Date('2026-11-27T12:00:00Z') });
    try {
      const { url, deps } = app;
      // Unreadable from the first check on: nothing to fall back on but the configured models.
      openai.failNext(500, 10);
      await deps.modelWatch?.check();
      const { status } = await healthDetails(url);
      expect(status).toBe(200);
      const { models } = await health(url);
      expect(models.map((m) => [m.model, m.served, m.shutdown])).toEqual([
        ['gpt-image-2', null, null],
        ['gpt-image-1.5', null, '2026-12-01'],
        ['gpt-image-2.6-flare', null, null],
        ['gpt-6-luna', null, null],
      ]);
      const mail = await sink.waitFor(
        (m) => m.subject === 'Stagely: an AI model needs changing' && /could not be read/.test(m.text ?? ''),
      );
      expect(mail.text).toContain('The openai model list could not be read');
    } finally {
      await app.close();
    }
    openai.reset();
  });
});

describe('a shutdown day in the provider model list', () => {
  it('is preferred to the table, which it may be newer than', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent' });
    const watch = createModelWatch({
      config,
      logger: createLogger(config),
      mail: { enqueue: () => Promise.resolve() },
      now: () => new Date('2027-02-01T12:00:00Z'),
      engine: {
        checkModels: () =>
          Promise.resolve([
            {
              provider: 'openai',
              role: 'analysis',
              model: 'gpt-6-luna',
              served: true,
              listedShutdown: '2027-03-01',
            },
            { provider: 'openai', role: 'image', model: 'gpt-image-1.5', served: true, listedShutdown: null },
          ]),
      },
    });
    const statuses = await watch.check();
    expect(statuses.map((s) => [s.model, s.shutdown, s.daysLeft])).toEqual([
      ['gpt-6-luna', '2027-03-01', 28],
      ['gpt-image-1.5', '2026-12-01', -62],
    ]);
    expect(statuses[0]).not.toHaveProperty('listedShutdown');
  });
});
