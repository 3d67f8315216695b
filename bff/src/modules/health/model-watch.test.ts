import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGemini } from '../../testing/fake-gemini';
import { FakeOpenAI } from '../../testing/fake-openai';
import { healthDetails } from '../../testing/health';
import { SmtpSink } from '../../testing/smtp-sink';
import { withTestApp } from '../../testing/test-app';

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
    await withTestApp(env, async ({ url, deps }) => {
      expect((await health(url)).models).toEqual([]);
      await deps.modelWatch?.check();
      const { models } = await health(url);
      expect(models.map((m) => [m.role, m.model, m.served, m.shutdown, m.replacement])).toEqual([
        ['image', 'gpt-image-2', true, null, null],
        ['image', 'gpt-image-1.5', true, '2026-12-01', 'gpt-image-2.6-sunburst'],
        ['analysis', 'gpt-4.1-mini', true, null, null],
      ]);
      const soon = models.find((m) => m.model === 'gpt-image-1.5');
      const days = Math.round((Date.parse('2026-12-01T00:00:00Z') - Date.now()) / 86_400_000);
      // Within 30 days of the shutdown the operator hears of it (this suite runs before that day).
      if (days <= 30) {
        expect(soon?.daysLeft).toBeLessThanOrEqual(30);
        const mail = await sink.waitFor((m) => m.subject === 'Stagely: an AI model needs changing');
        expect(mail.rcptTo).toEqual(['ops@stagely.test']);
        expect(mail.text).toContain('shuts down on 2026-12-01');
        expect(mail.text).toContain("'gpt-image-2.6-sunburst'");
      }
    });
  });

  it('says when a model is gone from the list (a typo or a retirement) and mails it', async () => {
    gemini.withdrawn.add('gemini-2.5-flash');
    const env = { ...gemini.env, OPERATOR_EMAIL: 'ops@stagely.test', SMTP_URL: sink.url };
    await withTestApp(env, async ({ url, deps }) => {
      await deps.modelWatch?.check();
      const { models } = await health(url);
      expect(models.map((m) => [m.provider, m.role, m.model, m.served])).toEqual([
        ['gemini', 'image', 'gemini-3-pro-image', true],
        ['gemini', 'analysis', 'gemini-2.5-flash', false],
      ]);
      const mail = await sink.waitFor((m) =>
        (m.text ?? '').includes("'gemini-2.5-flash' is not in the provider's model list"),
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
    await withTestApp(env, async ({ url, deps }) => {
      // Unreadable from the first check on: nothing to fall back on but the configured models.
      openai.failNext(500, 10);
      await deps.modelWatch?.check();
      const { status } = await healthDetails(url);
      expect(status).toBe(200);
      const { models } = await health(url);
      expect(models.map((m) => [m.model, m.served, m.shutdown])).toEqual([
        ['gpt-image-2', null, null],
        ['gpt-image-1.5', null, '2026-12-01'],
        ['gpt-4.1-mini', null, null],
      ]);
      const mail = await sink.waitFor(
        (m) => m.subject === 'Stagely: an AI model needs changing' && /could not be read/.test(m.text ?? ''),
      );
      expect(mail.text).toContain('The openai model list could not be read');
    });
    openai.reset();
  });
});
