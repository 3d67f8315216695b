import { beforeAll, describe, expect, it } from 'vitest';
import type { Limits, Project } from '@shared/api';
import { FREE_GENERATIONS_PER_MONTH } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto } from '../../testing/images';
import { postProject } from '../../testing/staging-helpers';
import { filesUnder } from '../../testing/stored-state';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

/** Reads the balance the way the app shows it, as often as it can, until `done` settles. */
async function sampleBalance(t: TestApp, jar: CookieJar, done: Promise<unknown>): Promise<Limits[]> {
  const samples: Limits[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    samples.push((await (await jar.fetch(`${t.url}/api/user/limits`)).json()) as Limits);
  }
  return samples;
}

describe('the credit balance under concurrent generates (no worker: credits are taken at creation)', () => {
  // The per-account upload cap would answer most of a burst with 429: lifted to race the credits themselves.
  const t = useTestApp({ env: { UPLOADS_PER_USER: '100' } });
  let photo: Buffer;
  beforeAll(async () => {
    photo = await makePhoto({ width: 683, height: 512 });
  });

  it('50 parallel generates with 3 credits left: exactly 3 accepted, the balance never below zero while they run', async () => {
    const { jar } = await signUp(t.url);
    for (let i = 0; i < FREE_GENERATIONS_PER_MONTH - 3; i++)
      expect((await postProject(t.url, jar, { photo })).status).toBe(201);
    const burst = Promise.all(Array.from({ length: 50 }, () => postProject(t.url, jar.clone(), { photo })));
    const samples = await sampleBalance(t, jar, burst);
    const answers = await burst;

    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) expect(s.generationsUsed).toBeLessThanOrEqual(FREE_GENERATIONS_PER_MONTH);
    const accepted = answers.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(3);
    for (const refused of answers.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(402);
      expect(await refused.json()).toMatchObject({ error: 'needs_subscription', needsSubscription: true });
    }
    expect(await (await jar.fetch(`${t.url}/api/user/limits`)).json()).toMatchObject({
      generationsUsed: FREE_GENERATIONS_PER_MONTH,
      canGenerate: false,
    });
    // Refused requests left no images: only the accepted projects' original + thumbnail exist.
    const projects = (await (await jar.fetch(`${t.url}/api/projects`)).json()) as Project[];
    expect(projects).toHaveLength(FREE_GENERATIONS_PER_MONTH);
    const files = await Promise.all(
      projects.map((p) => filesUnder(`${t.deps.config.dataDir}/blobs/projects/${p.id}`)),
    );
    expect(files.flat()).toHaveLength(2 * FREE_GENERATIONS_PER_MONTH);
  });

  it('retries of a request that took the last credit get its project, not a 402 (sequential and parallel)', async () => {
    const { jar } = await signUp(t.url);
    for (let i = 0; i < FREE_GENERATIONS_PER_MONTH - 1; i++) await postProject(t.url, jar, { photo });
    const key = 'queue-item-last-credit';
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => postProject(t.url, jar.clone(), { photo, key })),
    );
    expect(parallel.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(parallel.map(async (r) => ((await r.json()) as Project).id)));
    expect(ids.size).toBe(1);
    for (let i = 0; i < 5; i++) {
      const again = await postProject(t.url, jar, { photo, key });
      expect(again.status).toBe(200);
      expect(((await again.json()) as Project).id).toBe([...ids][0]);
    }
    expect(((await (await jar.fetch(`${t.url}/api/user/limits`)).json()) as Limits).generationsUsed).toBe(
      FREE_GENERATIONS_PER_MONTH,
    );
    // A new request without the key is what the paywall is for.
    expect((await postProject(t.url, jar, { photo })).status).toBe(402);
  });
});
