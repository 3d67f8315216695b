import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project, VersionList } from '@shared/api';
import { PREVIEW_EDIT_NOTES, VERSION_TEXTS, currentUsageMonth } from '@shared/domain';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { makePhoto } from '../../testing/images';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import {
  MIDDLE_STROKE,
  differingPixels,
  nearStroke,
  postEdit,
  waitForEdit,
  EDIT_WORKER_TUNING,
} from '../../testing/version-helpers';

describe('versions: refine and remove through the queue (preview engine)', () => {
  const t = useTestApp({ worker: EDIT_WORKER_TUNING });
  let jar: CookieJar;
  let userId: string;
  let project: Project;
  const used = () => t.deps.repos.usage.getUsed(userId, currentUsageMonth());
  const get = async (path: string) => jar.fetch(`${t.url}${path}`);
  const image = async (n: number) => bytesOf(await get(`/api/projects/${project.id}/versions/${n}/image`));

  beforeAll(async () => {
    const signed = await signUp(t.url);
    jar = signed.jar;
    userId = signed.user.id;
    const photo = await makePhoto({ width: 800, height: 600 });
    const res = await postProject(t.url, jar, { photo });
    project = (await waitForFinish(t.url, jar, ((await res.json()) as Project).id)).project;
  });

  it('lists the original (0) and the staged result (1), which is current', async () => {
    const list = (await (await get(`/api/projects/${project.id}/versions`)).json()) as VersionList;
    expect(list.editing).toBe(false);
    expect(list.versions.map((v) => [v.number, v.kind, v.current])).toEqual([
      [0, 'original', false],
      [1, 'staging', true],
    ]);
  });

  it('gives a list its 480 px thumbnail of a version (and of the original), not the full image', async () => {
    const width = async (path: string) => (await sharp(await bytesOf(await get(path))).metadata()).width;
    const base = `/api/projects/${project.id}/versions`;
    expect(await width(`${base}/1/image`)).toBe(800);
    expect(await width(`${base}/1/image?size=thumb`)).toBe(480);
    // Made once and kept: the second answer is the same image.
    expect(await width(`${base}/1/image?size=thumb`)).toBe(480);
    expect(await width(`${base}/0/image?size=thumb`)).toBe(480);
    expect((await get(`${base}/1/image?size=huge`)).status).toBe(400);
  });

  it('removes what was painted: a new current version that differs only inside the stroke and its margin', async () => {
    const before = await used();
    const res = await postEdit(t.url, jar, project.id, { kind: 'remove', strokes: [MIDDLE_STROKE] });
    expect(res.status, await res.clone().text()).toBe(202);
    const list = await waitForEdit(t.url, jar, project.id);
    const v2 = list.versions.find((v) => v.number === 2);
    expect(v2).toMatchObject({ kind: 'remove', current: true, note: PREVIEW_EDIT_NOTES.remove });
    expect(v2?.alterations).toContain('object-removed');
    expect(await used()).toBe(before + 1);
    const [v1, edited] = await Promise.all([image(1), image(2)]);
    const diff = await differingPixels(v1, edited, nearStroke(MIDDLE_STROKE, 0.02));
    expect(diff.outside).toBe(0);
    expect(diff.within).toBeGreaterThan(500);
    // The project's staged image (what share pages and downloads read) is now version 2.
    const staged = (await (await get(`/api/projects/${project.id}`)).json()) as Project;
    expect(staged.stagedImageUrl).toContain('version=2');
    expect(await bytesOf(await get(staged.stagedImageUrl ?? ''))).toEqual(edited);
  });

  it('refines by instruction into version 3, then sets version 2 current and deletes 3', async () => {
    const res = await postEdit(t.url, jar, project.id, { kind: 'refine', instruction: 'make the sofa grey' });
    expect(res.status).toBe(202);
    const list = await waitForEdit(t.url, jar, project.id);
    expect(list.editError).toBeNull();
    expect(list.versions.at(-1)).toMatchObject({
      number: 3,
      kind: 'refine',
      instruction: 'make the sofa grey',
      current: true,
      note: PREVIEW_EDIT_NOTES.refine,
    });
    const refused = await jar.fetch(`${t.url}/api/projects/${project.id}/versions/3`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(VERSION_TEXTS.deleteCurrent);

    const set = await jar.fetch(`${t.url}/api/projects/${project.id}/versions/2`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ current: true }),
    });
    expect(set.status).toBe(200);
    const download = await bytesOf(await get(`/api/projects/${project.id}/download`));
    const v2 = await sharp(await image(2))
      .raw()
      .toBuffer();
    const got = await sharp(download).removeAlpha().raw().toBuffer();
    let off = 0;
    for (let i = 0; i < v2.length; i++) off += Math.abs((v2[i] ?? 0) - (got[i] ?? 0));
    expect(off / v2.length).toBeLessThan(3);

    const gone = await jar.fetch(`${t.url}/api/projects/${project.id}/versions/3`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    const after = (await (await get(`/api/projects/${project.id}/versions`)).json()) as VersionList;
    expect(after.versions.map((v) => [v.number, v.current])).toEqual([
      [0, false],
      [1, false],
      [2, true],
    ]);
    // A deleted version's number is never given again (its image address may be cached).
    await postEdit(t.url, jar, project.id, { kind: 'refine', instruction: 'add a rug' });
    const next = await waitForEdit(t.url, jar, project.id);
    expect(next.versions.at(-1)).toMatchObject({ number: 4, current: true });
    await jar.fetch(`${t.url}/api/projects/${project.id}/versions/2`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ current: true }),
    });
  });

  it('labels a listing-ready copy of the current version with every disclosure class', async () => {
    expect((await jar.fetch(`${t.url}/api/projects/${project.id}/share`, { method: 'POST' })).status).toBe(
      201,
    );
    const res = await get(`/api/projects/${project.id}/download?format=listing`);
    expect(res.status, await res.clone().text()).toBe(200);
    const xmp = (await bytesOf(res)).toString('latin1');
    expect(xmp).toContain('Digitally altered: object removed');
    expect(xmp).toContain('Virtually staged');
  });

  it('refuses an empty instruction and an empty mask with a clear message, using no credit', async () => {
    const before = await used();
    const empty = await postEdit(t.url, jar, project.id, { kind: 'refine', instruction: '  ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toContain(VERSION_TEXTS.refineEmpty);
    const noMask = await postEdit(t.url, jar, project.id, { kind: 'remove', strokes: [] });
    expect(noMask.status).toBe(400);
    expect(((await noMask.json()) as { message: string }).message).toContain(VERSION_TEXTS.maskEmpty);
    expect(await used()).toBe(before);
  });

  it('a failed edit keeps the result, says why and gives the credit back', async () => {
    const before = await used();
    const doc = await t.deps.repos.projects.findById(project.id);
    const current = doc?.images.staged[0] ?? '';
    const kept = await t.deps.store.blobs.get(current);
    await t.deps.store.blobs.delete(current);
    const res = await postEdit(t.url, jar, project.id, { kind: 'refine', instruction: 'add a plant' });
    expect(res.status).toBe(202);
    const list = await waitForEdit(t.url, jar, project.id);
    expect(list.editError).toMatch(/could not be made.*Your credit was returned\./);
    // Stored as data: the sentence is built where it is shown.
    const stored = await t.deps.repos.projects.findById(project.id);
    expect(stored?.editFailure).toMatchObject({ creditReturned: true });
    expect(stored?.editError).toBeUndefined();
    // The credit goes back just after the failure is stored.
    await expect.poll(used).toBe(before);
    const p = (await (await get(`/api/projects/${project.id}`)).json()) as Project;
    expect(p.status).toBe('completed');
    if (kept) await t.deps.store.blobs.put(current, kept.data, kept.contentType);
  });

  it("answers another user's request for the versions with 404", async () => {
    const other = await signUp(t.url);
    const res = await other.jar.fetch(`${t.url}/api/projects/${project.id}/versions`);
    expect(res.status).toBe(404);
  });

  it('an edit resent under its Idempotency-Key (a device queue after a lost answer) makes one version', async () => {
    await t.deps.repos.users.update(userId, { plan: 'pro' });
    const before = (await waitForEdit(t.url, jar, project.id)).versions.length;
    const send = (body: unknown = { kind: 'remove', strokes: [MIDDLE_STROKE] }) =>
      jar.fetch(`${t.url}/api/projects/${project.id}/edits`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'queued-edit-0001' },
        body: JSON.stringify(body),
      });
    expect((await send()).status).toBe(202);
    // Resent while it is being made, then after it was made: neither makes another.
    expect((await send()).status).toBe(202);
    await waitForEdit(t.url, jar, project.id);
    expect((await send()).status).toBe(202);
    // The same key with another edit is refused, not answered with the first edit.
    const other = await send({ kind: 'refine', instruction: 'A green sofa instead' });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ error: 'idempotency_key_reused', message: VERSION_TEXTS.keyReused });
    const list = await waitForEdit(t.url, jar, project.id);
    expect(list.versions).toHaveLength(before + 1);
  });
});
