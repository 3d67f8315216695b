import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limitsSchema, type Project } from '@shared/api';
import {
  FREE_GENERATIONS_PER_MONTH,
  KEEP_CONCEPT_NO_CREDIT_MESSAGE,
  MIN_PHOTO_SHORT_EDGE,
  currentUsageMonth,
} from '@shared/domain';
import { anotherRoom } from '../../testing/another-room';
import { spendCredits } from '../../testing/spent-credits';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { renderRoom, roomAtLeast } from '../../testing/synthetic-rooms';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';

const UNSTAGE = { stagingMode: 'unstage', stylePreset: '', colorPalette: '' };

/** A staging whose every result our structure check flagged is on us: its credit comes back, once. */
describe('credit back when our check flags the room', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env, worker: true });
  const api = (p: string) => `${t.url}/api${p}`;
  const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
  const month = currentUsageMonth();
  let photo: Buffer;
  beforeAll(async () => {
    photo = await renderRoom(room, 'empty');
  });
  beforeEach(() => fake.reset());

  const post = (jar: CookieJar, path: string) => jar.fetch(api(path), { method: 'POST' });
  const limitsOf = async (jar: CookieJar) =>
    limitsSchema.parse(await (await jar.fetch(api('/user/limits'))).json());
  const spend = (userId: string, n: number) => spendCredits(t.deps.repos, userId, n);
  /** An unstaging is not locked (it removes what stands anywhere): another room comes out flagged. */
  async function flaggedStaging(jar: CookieJar): Promise<Project> {
    fake.editImage = () => anotherRoom(room);
    const res = await postProject(t.url, jar, { photo, fields: UNSTAGE });
    expect(res.status).toBe(201);
    return (await waitForFinish(t.url, jar, ((await res.json()) as Project).id, 30_000)).project;
  }

  it('a flagged staging, retried once on the way, gives its credit back exactly once and says so', async () => {
    const { jar, user } = await signUp(t.url);
    await spend(user.id, 2);
    // The first attempt fails at the provider and is retried: only the finished job gives the credit back.
    fake.failNext(500);
    const project = await flaggedStaging(jar);
    expect(project.structure[0]?.flagged).toBe(true);
    expect(project).toMatchObject({ creditReturned: true, freeRestage: true, concept: false });
    // The month's count follows the completion's write.
    await expect.poll(() => limitsOf(jar)).toMatchObject({ generationsUsed: 2, creditsReturned: 1 });
    // A second finish of the same job (another worker, a crash and a re-run) writes nothing, so returns nothing.
    expect(
      await t.deps.repos.projects.complete(project.id, 'another-worker', [], undefined, month),
    ).toBeNull();
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 2, creditsReturned: 1 });
  });

  it('a clean staging keeps its credit spent', async () => {
    const { jar } = await signUp(t.url);
    fake.editImage = () => renderRoom(room, 'furnished');
    const res = await postProject(t.url, jar, { photo });
    const done = (await waitForFinish(t.url, jar, ((await res.json()) as Project).id, 30_000)).project;
    expect(done).toMatchObject({ creditReturned: false, freeRestage: false });
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 1, creditsReturned: 0, freeRetries: 0 });
  });

  it('its Restage is free once; a second Restage of it is charged', async () => {
    const { jar } = await signUp(t.url);
    const project = await flaggedStaging(jar);
    fake.editImage = () => renderRoom(room, 'furnished');
    const free = await post(jar, `/projects/${project.id}/restage`);
    expect(free.status).toBe(201);
    // No credit taken, and the month's credits history says a free retry was made.
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 0, freeRetries: 1 });
    const first = ((await free.json()) as Project).id;
    await waitForFinish(t.url, jar, first, 30_000);
    const source = (await (await jar.fetch(api(`/projects/${project.id}`))).json()) as Project;
    expect(source).toMatchObject({ creditReturned: true, freeRestage: false });
    expect((await post(jar, `/projects/${project.id}/restage`)).status).toBe(201);
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 1, freeRetries: 1 });
  });

  it('kept as a concept, it is used after all: the credit is taken again, and refused when none is left', async () => {
    const { jar, user } = await signUp(t.url);
    const project = await flaggedStaging(jar);
    await spend(user.id, FREE_GENERATIONS_PER_MONTH);
    const refused = await post(jar, `/projects/${project.id}/concept`);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ message: KEEP_CONCEPT_NO_CREDIT_MESSAGE });
    expect(((await (await jar.fetch(api(`/projects/${project.id}`))).json()) as Project).concept).toBe(false);

    const other = await signUp(t.url);
    const second = await flaggedStaging(other.jar);
    expect((await limitsOf(other.jar)).generationsUsed).toBe(0);
    const kept = await post(other.jar, `/projects/${second.id}/concept`);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ concept: true, creditReturned: false, freeRestage: false });
    expect(await limitsOf(other.jar)).toMatchObject({ generationsUsed: 1, creditsReturned: 0 });
    // Kept twice: charged once.
    expect((await post(other.jar, `/projects/${second.id}/concept`)).status).toBe(200);
    expect((await limitsOf(other.jar)).generationsUsed).toBe(1);
    // A kept concept's Restage is a new staging, charged as any.
    expect((await post(other.jar, `/projects/${second.id}/restage`)).status).toBe(201);
    expect((await limitsOf(other.jar)).generationsUsed).toBe(2);
  });
});
