import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { PROVIDER_FAILURES } from '../ai/provider-failures';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { FakeGemini } from '../testing/fake-gemini';
import { makePhoto } from '../testing/images';
import { ReplicateEngineFake } from '../testing/replicate-engine-fake';
import { bytesOf, postProject, waitForFinish } from '../testing/staging-helpers';
import { useTestApp } from '../testing/use-test-app';
import { healthDetails } from '../testing/health';

const TUNING = { pollMs: 50, retryBaseMs: 50, progressTickMs: 100, leaseMs: 3000 };

interface ProviderFake {
  env: Record<string, string>;
  listen(): Promise<void>;
  close(): Promise<void>;
  reset(): void;
}

/** Each provider through the whole app: the job, the worker's retries, the stored result, /api/health. */
function providerSuite(
  name: 'gemini' | 'replicate',
  fake: ProviderFake,
  model: string,
  arrange: { transientOnce: () => void; refusal: () => void; calls: () => number },
) {
  describe(`staging with ${name} through the app (loopback ${name})`, () => {
    beforeAll(() => fake.listen());
    afterAll(() => fake.close());
    const t = useTestApp({ env: () => fake.env, worker: TUNING });
    let jar: CookieJar;
    const create = async (photo: Buffer) => {
      const res = await postProject(t.url, jar, {
        fields: { stagingMode: 'stage', roomType: 'bedroom' },
        photo,
      });
      expect(res.status).toBe(201);
      return (await res.json()) as Project;
    };
    beforeAll(async () => {
      jar = (await signUp(t.url)).jar;
    });
    afterEach(() => fake.reset());

    it('names the engine and its model in /api/health', async () => {
      const { health } = await healthDetails(t.url);
      expect([health.engine, health.model]).toEqual([name, model]);
    });

    it('stages a photo into a stored result of the photo shape, made by this provider', async () => {
      const created = await create(await makePhoto({ width: 1600, height: 1200 }));
      expect(created.engine).toBe(name);
      const { project } = await waitForFinish(t.url, jar, created.id);
      expect(project.status).toBe('completed');
      expect(project.engine).toBe(name);
      const staged = await sharp(
        await bytesOf(await jar.fetch(`${t.url}${project.stagedImageUrl}`)),
      ).metadata();
      expect((staged.width ?? 0) / (staged.height ?? 1)).toBeCloseTo(4 / 3, 2);
    });

    it('retries a temporary failure and completes; a safety refusal fails at once with its sentence', async () => {
      arrange.transientOnce();
      const retried = await waitForFinish(t.url, jar, (await create(await makePhoto())).id);
      expect(retried.project.status).toBe('completed');
      expect(arrange.calls()).toBe(2);

      fake.reset();
      arrange.refusal();
      const refused = await waitForFinish(t.url, jar, (await create(await makePhoto())).id);
      expect(refused.project.status).toBe('failed');
      expect(refused.project.error).toMatch(new RegExp(`^${PROVIDER_FAILURES.safety.replace(/\./g, '\\.')}`));
      expect(arrange.calls()).toBe(1);
    });
  });
}

const gemini = new FakeGemini();
providerSuite('gemini', gemini, 'gemini-3-pro-image', {
  transientOnce: () => gemini.failNext(503, 1, 'The model is overloaded'),
  refusal: () => gemini.refuseNext('image'),
  calls: () => gemini.requests.filter((r) => r.body.generationConfig?.responseModalities).length,
});

const replicate = new ReplicateEngineFake();
providerSuite(
  'replicate',
  replicate,
  'adirik/interior-design:76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38',
  {
    transientOnce: () => replicate.failPrediction('Director: unexpected error handling prediction'),
    refusal: () => replicate.failPrediction('NSFW content detected.'),
    calls: () => replicate.creates().length,
  },
);
