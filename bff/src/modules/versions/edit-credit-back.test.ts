import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limitsSchema, type Project, type VersionList } from '@shared/api';
import { MIN_PHOTO_SHORT_EDGE, currentUsageMonth } from '@shared/domain';
import { anotherRoom } from '../../testing/another-room';
import { spendCredits } from '../../testing/spent-credits';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { renderRoom, roomAtLeast } from '../../testing/synthetic-rooms';
import { useFakeOpenAI, useTestApp } from '../../testing/use-test-app';
import { EDIT_WORKER_TUNING, postEdit, waitForEdit } from '../../testing/version-helpers';

const REFINE = { kind: 'refine', instruction: 'make the sofa grey' };

/** An edit our structure check flagged is on us, as a flagged staging is: its credit comes back, once. */
describe('credit back when our check flags an edit', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => fake.env, worker: EDIT_WORKER_TUNING });
  const api = (p: string) => `${t.url}/api${p}`;
  const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
  const month = currentUsageMonth();
  let photo: Buffer;
  beforeAll(async () => {
    photo = await renderRoom(room, 'empty');
  });
  beforeEach(() => fake.reset());

  const limitsOf = async (jar: CookieJar) =>
    limitsSchema.parse(await (await jar.fetch(api('/user/limits'))).json());
  const versionsOf = async (jar: CookieJar, id: string) =>
    (await (await jar.fetch(api(`/projects/${id}/versions`))).json()) as VersionList;
  const spend = (userId: string, n: number) => spendCredits(t.deps.repos, userId, n);
  /** A clean staging (one credit), then an edit of it that the fake makes as `made`. */
  async function editedProject(jar: CookieJar, made: () => Promise<Buffer>) {
    fake.editImage = () => renderRoom(room, 'furnished');
    const res = await postProject(t.url, jar, { photo });
    const id = ((await res.json()) as Project).id;
    expect((await waitForFinish(t.url, jar, id, 30_000)).project.structure[0]?.flagged).toBe(false);
    fake.editImage = made;
    return id;
  }
  async function edit(jar: CookieJar, id: string) {
    const res = await postEdit(t.url, jar, id, REFINE);
    expect(res.status, await res.clone().text()).toBe(202);
    const list = await waitForEdit(t.url, jar, id, 30_000);
    expect(list.editError).toBeNull();
    return list.versions.find((v) => v.number === 2);
  }

  it('a flagged edit, retried once on the way, gives its credit back exactly once and says so', async () => {
    const { jar, user } = await signUp(t.url);
    await spend(user.id, 2);
    const id = await editedProject(jar, () => anotherRoom(room));
    // The first attempt fails at the provider and is retried: only the finished edit gives the credit back.
    fake.failNext(500);
    const v2 = await edit(jar, id);
    expect(v2).toMatchObject({ current: true, flagged: true, concept: false, creditReturned: true });
    // The staging and the spent credits stay counted; the edit's came back (the worker gives it back just after
    // it stored the finished edit, so a read in between may still count it).
    await expect.poll(() => limitsOf(jar)).toMatchObject({ generationsUsed: 3, creditsReturned: 1 });
    // A second finish of the same edit (another worker, a crash and a re-run) writes nothing.
    const doc = await t.deps.repos.projects.findById(id);
    const version = doc?.versions?.find((v) => v.number === 2);
    expect(version?.creditBack).toBe(month);
    if (version) expect(await t.deps.repos.projects.completeEdit(id, 'another-worker', version)).toBeNull();
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 3, creditsReturned: 1 });
  });

  it('kept as a concept, the flagged edit is used after all: its credit is taken again, once', async () => {
    const { jar } = await signUp(t.url);
    const id = await editedProject(jar, () => anotherRoom(room));
    expect((await edit(jar, id))?.creditReturned).toBe(true);
    await expect.poll(() => limitsOf(jar)).toMatchObject({ generationsUsed: 1, creditsReturned: 1 });
    const kept = await jar.fetch(api(`/projects/${id}/concept`), { method: 'POST' });
    expect(kept.status).toBe(200);
    expect((await versionsOf(jar, id)).versions.find((v) => v.number === 2)).toMatchObject({
      concept: true,
      creditReturned: false,
    });
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 2, creditsReturned: 0 });
    // Kept twice: charged once.
    expect((await jar.fetch(api(`/projects/${id}/concept`), { method: 'POST' })).status).toBe(200);
    expect((await limitsOf(jar)).generationsUsed).toBe(2);
  });

  it("a flagged edit's Try again is free once; a second Try again of it is charged", async () => {
    const { jar } = await signUp(t.url);
    const id = await editedProject(jar, () => anotherRoom(room));
    expect(await edit(jar, id)).toMatchObject({ flagged: true, creditReturned: true, freeRetry: true });
    await expect.poll(async () => (await limitsOf(jar)).generationsUsed).toBe(1);
    /** As the workspace's Try again does: back to the version the flagged edit was made from, then again. */
    async function retry() {
      const back = await jar.fetch(api(`/projects/${id}/versions/1`), {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ current: true }),
      });
      expect(back.status).toBe(200);
      const res = await postEdit(t.url, jar, id, { ...REFINE, retryOf: 2 });
      expect(res.status, await res.clone().text()).toBe(202);
      const list = await waitForEdit(t.url, jar, id, 30_000);
      expect(list.editError).toBeNull();
      return list;
    }
    fake.editImage = () => renderRoom(room, 'furnished');
    const first = await retry();
    expect(first.versions.find((v) => v.current)).toMatchObject({ number: 3, flagged: false });
    // The retry took no credit, and the month's credits history says so; the flagged edit owes no other.
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 1, freeRetries: 1 });
    expect(first.versions.find((v) => v.number === 2)).toMatchObject({
      creditReturned: true,
      freeRetry: false,
    });
    await retry();
    // A charged Try again is no free retry.
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 2, freeRetries: 1 });
  });

  it('a clean edit stays charged', async () => {
    const { jar } = await signUp(t.url);
    const id = await editedProject(jar, () => renderRoom(room, 'furnished'));
    expect(await edit(jar, id)).toMatchObject({ flagged: false, creditReturned: false });
    expect(await limitsOf(jar)).toMatchObject({ generationsUsed: 2, creditsReturned: 0, freeRetries: 0 });
  });
});
