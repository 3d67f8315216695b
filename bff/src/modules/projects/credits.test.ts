import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MISMATCH_CODE, type Limits, type Project } from '@shared/api';
import { FREE_GENERATIONS_PER_MONTH, currentUsageMonth } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto } from '../../testing/images';
import { postProject } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

/** No worker runs here: credits are taken when a project is created, whatever happens to it later. */
describe('credits and Idempotency-Key on POST /api/projects', () => {
  // The per-account upload cap would answer most of a burst with 429: lifted to race the credits themselves.
  const t = useTestApp({ env: { UPLOADS_PER_USER: '100' } });
  let photo: Buffer;
  const limitsOf = async (jar: CookieJar) =>
    (await (await jar.fetch(`${t.url}/api/user/limits`)).json()) as Limits;

  beforeAll(async () => {
    photo = await makePhoto({ width: 683, height: 512 });
  });

  it(`gives ${FREE_GENERATIONS_PER_MONTH} a month, then answers 402 with needsSubscription`, async () => {
    const { jar } = await signUp(t.url);
    expect(await limitsOf(jar)).toEqual({
      hasActiveSubscription: false,
      generationsUsed: 0,
      maxGenerations: FREE_GENERATIONS_PER_MONTH,
      canGenerate: true,
      creditsReturned: 0,
      freeRetries: 0,
    });
    for (let i = 0; i < FREE_GENERATIONS_PER_MONTH; i++)
      expect((await postProject(t.url, jar, { photo })).status).toBe(201);
    const refused = await postProject(t.url, jar, { photo });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({
      error: 'needs_subscription',
      message: expect.stringMatching(/Upgrade to Pro/) as unknown,
      needsSubscription: true,
    });
    expect(await limitsOf(jar)).toMatchObject({
      generationsUsed: FREE_GENERATIONS_PER_MONTH,
      canGenerate: false,
    });
  });

  it('lets Pro generate without a cap, still counting what was used', async () => {
    const { jar, user } = await signUp(t.url);
    await t.deps.repos.users.update(user.id, { plan: 'pro' });
    for (let i = 0; i < FREE_GENERATIONS_PER_MONTH + 2; i++)
      expect((await postProject(t.url, jar, { photo })).status).toBe(201);
    expect(await limitsOf(jar)).toEqual({
      hasActiveSubscription: true,
      generationsUsed: FREE_GENERATIONS_PER_MONTH + 2,
      maxGenerations: 'unlimited',
      canGenerate: true,
      creditsReturned: 0,
      freeRetries: 0,
    });
  });

  it('accepts exactly 3 of 50 parallel generates with 3 credits left, never going below zero', async () => {
    const { jar, user } = await signUp(t.url);
    for (let i = 0; i < FREE_GENERATIONS_PER_MONTH - 3; i++) await postProject(t.url, jar, { photo });
    const answers = await Promise.all(Array.from({ length: 50 }, () => postProject(t.url, jar, { photo })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(47);
    expect(await t.deps.repos.usage.getUsed(user.id, currentUsageMonth())).toBe(FREE_GENERATIONS_PER_MONTH);
    expect(await t.deps.repos.projects.listForOwner(user.id)).toHaveLength(FREE_GENERATIONS_PER_MONTH);
  });

  it('answers the same Idempotency-Key with the same project and charges once (sequential and parallel)', async () => {
    const { jar, user } = await signUp(t.url);
    const first = await postProject(t.url, jar, { photo, key: 'offline-queue-item-1' });
    expect(first.status).toBe(201);
    const project = (await first.json()) as Project;
    for (let i = 0; i < 4; i++) {
      const again = await postProject(t.url, jar, { photo, key: 'offline-queue-item-1' });
      expect(again.status).toBe(200);
      expect(((await again.json()) as Project).id).toBe(project.id);
    }
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => postProject(t.url, jar, { photo, key: 'offline-queue-item-2' })),
    );
    const ids = await Promise.all(parallel.map(async (r) => ((await r.json()) as Project).id));
    expect(new Set(ids).size).toBe(1);
    expect(parallel.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await t.deps.repos.usage.getUsed(user.id, currentUsageMonth())).toBe(2);
    expect(await t.deps.repos.projects.listForOwner(user.id)).toHaveLength(2);

    // Keys belong to one user: another user's same key is a new project.
    const other = await signUp(t.url);
    const theirs = await postProject(t.url, other.jar, { photo, key: 'offline-queue-item-1' });
    expect(theirs.status).toBe(201);
    expect(((await theirs.json()) as Project).id).not.toBe(project.id);
  });

  it('refuses a queued photo taken for another account (Stagely-Account), unread and without a credit', async () => {
    const owner = await signUp(t.url);
    const other = await signUp(t.url);
    const wrong = await postProject(t.url, other.jar, {
      photo,
      key: 'shared-device-1',
      account: owner.user.id,
    });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toMatchObject({ error: ACCOUNT_MISMATCH_CODE });
    expect(await t.deps.repos.usage.getUsed(other.user.id, currentUsageMonth())).toBe(0);
    expect(await t.deps.repos.projects.listForOwner(other.user.id)).toEqual([]);
    // The key was never taken, so the owner's own upload with it goes through.
    const right = await postProject(t.url, owner.jar, {
      photo,
      key: 'shared-device-1',
      account: owner.user.id,
    });
    expect(right.status).toBe(201);
    expect(await t.deps.repos.projects.listForOwner(owner.user.id)).toHaveLength(1);
  });

  it('frees a key whose request was refused, and refuses malformed keys', async () => {
    const { jar, user } = await signUp(t.url);
    const refused = await postProject(t.url, jar, { photo: Buffer.from('not a photo'), key: 'retry-me' });
    expect(refused.status).toBe(415);
    expect(await t.deps.repos.usage.getUsed(user.id, currentUsageMonth())).toBe(0);
    expect((await postProject(t.url, jar, { photo, key: 'retry-me' })).status).toBe(201);
    expect((await postProject(t.url, jar, { photo, key: 'x'.repeat(201) })).status).toBe(400);
  });
});
