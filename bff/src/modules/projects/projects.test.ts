import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { projectSchema, projectStatusSchema, type Project } from '@shared/api';
import { signUp } from '../../testing/auth-helpers';
import { makePhoto, multipart } from '../../testing/images';
import { bytesOf, postProject, waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

describe('projects over real HTTP (preview engine, in-process worker)', () => {
  const t = useTestApp({ worker: true });
  const api = (p: string) => `${t.url}/api${p}`;

  it('refuses visitors with the product sentence', async () => {
    const res = await fetch(api('/projects'), {
      method: 'POST',
      body: multipart({ stagingMode: 'stage', roomType: 'bedroom' }, { data: await makePhoto() }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Authentication Required: Please log in to create staging projects.',
    );
    expect((await fetch(api('/projects'))).status).toBe(401);
  });

  it('creates, queues and completes a project, with images upright and without GPS', async () => {
    const { jar } = await signUp(t.url);
    const photo = await makePhoto({ width: 1200, height: 900, orientation: 6, gps: true });
    const res = await postProject(t.url, jar, { photo, fields: { customPrompt: '  cosy reading corner  ' } });
    expect(res.status).toBe(201);
    const created = projectSchema.parse(await res.json());
    expect(created).toMatchObject({
      name: 'Front room',
      status: 'pending',
      progress: '0',
      stagingMode: 'stage',
      roomType: 'living-room',
      stylePreset: 'scandinavian',
      colorPalette: 'navy-gold',
      customPrompt: 'cosy reading corner',
      engine: 'preview',
      isDemo: false,
      stagedImageUrl: null,
      originalImageUrl: `/api/projects/${created.id}/images/original`,
    });

    const { statuses, project } = await waitForFinish(t.url, jar, created.id);
    for (const s of statuses) projectStatusSchema.parse(s);
    expect(statuses.at(-1)).toEqual({
      status: 'completed',
      progress: '100',
      stagedImageUrl: `/api/projects/${created.id}/images/staged`,
      error: null,
      draft: [],
    });
    expect(project.variants).toEqual([project.stagedImageUrl]);

    for (const kind of ['original', 'staged', 'thumb']) {
      const img = await jar.fetch(api(`/projects/${created.id}/images/${kind}`));
      expect(img.status, kind).toBe(200);
      expect(img.headers.get('x-content-type-options')).toBe('nosniff');
      expect(img.headers.get('cache-control')).toMatch(/^private/);
      const bytes = await bytesOf(img);
      const meta = await sharp(bytes).metadata();
      expect(img.headers.get('content-type')).toBe(`image/${meta.format}`);
      expect(meta.exif, kind).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestPhone')), kind).toBe(false);
      // Orientation 6 made the stored 1200x900 photo an upright 900x1200 portrait.
      if (kind !== 'thumb') expect([meta.width, meta.height], kind).toEqual([900, 1200]);
    }

    const list = (await (await jar.fetch(api('/projects'))).json()) as Project[];
    expect(list.map((p) => p.id)).toEqual([created.id]);
  });

  it('drops style and palette for unstage and limits the custom prompt to 500 characters', async () => {
    const { jar } = await signUp(t.url);
    const unstage = await postProject(t.url, jar, { fields: { stagingMode: 'unstage' } });
    expect(unstage.status).toBe(201);
    expect(await unstage.json()).toMatchObject({
      stylePreset: null,
      colorPalette: null,
      stagingMode: 'unstage',
    });

    const long = await postProject(t.url, jar, { fields: { customPrompt: 'x'.repeat(501) } });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toMatch(/at most 500 characters/);
    const exact = await postProject(t.url, jar, { fields: { customPrompt: ` ${'y'.repeat(500)} ` } });
    expect(exact.status).toBe(201);

    const bad = await postProject(t.url, jar, { fields: { roomType: 'garage' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('validation_error');
  });

  it('stores names without control or bidi-override characters', async () => {
    const { jar } = await signUp(t.url);
    const res = await postProject(t.url, jar, { fields: { name: '\u202EKitchen\u0000 gpj.exe\u2066 ' } });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Project;
    expect(created.name).toBe('Kitchen gpj.exe');
    const only = await postProject(t.url, jar, { fields: { name: '\u202E\u0000' } });
    // Nothing readable left: the default name (the room type) is used.
    expect(((await only.json()) as Project).name).toMatch(/^Living Room( \d+)?$/);
  });

  it('makes 3 variants in multi-view mode, each served with ?variant=N', async () => {
    const { jar } = await signUp(t.url);
    const created = (await (
      await postProject(t.url, jar, { fields: { stagingMode: 'multi-view' } })
    ).json()) as Project;
    const { project } = await waitForFinish(t.url, jar, created.id);
    expect(project.variants).toHaveLength(3);
    for (const url of project.variants) expect((await jar.fetch(`${t.url}${url}`)).status).toBe(200);
    expect((await jar.fetch(api(`/projects/${created.id}/images/staged?variant=3`))).status).toBe(400);
  });

  it('shows a project, its status, images and downloads only to its owner (404 for anyone else)', async () => {
    const a = await signUp(t.url);
    const b = await signUp(t.url);
    const created = (await (await postProject(t.url, a.jar)).json()) as Project;
    await waitForFinish(t.url, a.jar, created.id);
    for (const path of ['', '/status', '/images/original', '/images/staged', '/download']) {
      expect((await b.jar.fetch(api(`/projects/${created.id}${path}`))).status, `B ${path}`).toBe(404);
      expect((await fetch(api(`/projects/${created.id}${path}`))).status, `visitor ${path}`).toBe(404);
    }
    expect((await b.jar.fetch(api(`/projects/${created.id}`), { method: 'DELETE' })).status).toBe(404);
    expect((await a.jar.fetch(api(`/projects/${created.id}`))).status).toBe(200);
  });

  it('downloads a JPEG attachment; 4K only for Pro', async () => {
    const { jar, user } = await signUp(t.url);
    const created = (await (await postProject(t.url, jar)).json()) as Project;
    await waitForFinish(t.url, jar, created.id);
    const dl = await jar.fetch(api(`/projects/${created.id}/download`));
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/jpeg');
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="staged-image-${created.id}.jpg"`,
    );
    expect((await sharp(await bytesOf(dl)).metadata()).format).toBe('jpeg');

    const free4k = await jar.fetch(api(`/projects/${created.id}/download?size=4k`));
    expect(free4k.status).toBe(403);
    expect(((await free4k.json()) as { message: string }).message).toMatch(/4K export is a Pro feature/);

    await t.deps.repos.users.update(user.id, { plan: 'pro' });
    const pro4k = await jar.fetch(api(`/projects/${created.id}/download?size=4k`));
    expect(pro4k.status).toBe(200);
    const meta = await sharp(await bytesOf(pro4k)).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(3840);
  });

  it('deletes a project together with its images', async () => {
    const { jar } = await signUp(t.url);
    const created = (await (await postProject(t.url, jar)).json()) as Project;
    await waitForFinish(t.url, jar, created.id);
    const del = await jar.fetch(api(`/projects/${created.id}`), { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ ok: true });
    expect((await jar.fetch(api(`/projects/${created.id}`))).status).toBe(404);
    expect(await t.deps.store.blobs.get(`projects/${created.id}/original.jpg`)).toBeNull();
    expect(await t.deps.store.blobs.get(`projects/${created.id}/staged-0.jpg`)).toBeNull();
  });
});
