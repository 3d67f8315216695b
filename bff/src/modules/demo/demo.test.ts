import { beforeAll, describe, expect, it } from 'vitest';
import { demoStageResponseSchema, projectSchema } from '@shared/api';
import { purgeExpiredProjects } from '../../jobs';
import { signUp } from '../../testing/auth-helpers';
import { makePhoto, multipart } from '../../testing/images';
import { waitForFinish } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

const DEMO_FIELDS = { roomType: 'bedroom', stagingMode: 'stage', stylePreset: 'farmhouse' };

describe('anonymous demo staging', () => {
  const t = useTestApp({ env: { DEMO_LIMIT_PER_DAY: '2' }, worker: { pollMs: 50 } });
  let photo: Buffer;
  const stageDemo = (data: Buffer) =>
    fetch(`${t.url}/api/demo/stage`, { method: 'POST', body: multipart(DEMO_FIELDS, { data }) });

  beforeAll(async () => {
    photo = await makePhoto({ width: 768, height: 512 });
  });

  it('stages without an account; the unguessable id is all it takes to poll and see it', async () => {
    const res = await stageDemo(photo);
    expect(res.status).toBe(201);
    const { id, originalImageUrl, engine } = demoStageResponseSchema.parse(await res.json());
    expect(engine).toBe('preview');
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(originalImageUrl).toBe(`/api/projects/${id}/images/original`);

    const { project } = await waitForFinish(t.url, null, id);
    expect(projectSchema.parse(project)).toMatchObject({
      id,
      status: 'completed',
      isDemo: true,
      engine: 'preview',
      stagingMode: 'stage',
      roomType: 'bedroom',
      stylePreset: 'farmhouse',
      metadata: {},
    });
    const staged = await fetch(`${t.url}${project.stagedImageUrl}`);
    expect(staged.status).toBe(200);
    expect(staged.headers.get('content-type')).toBe('image/jpeg');
    const { jar } = await signUp(t.url);
    expect((await jar.fetch(`${t.url}/api/projects/${id}`)).status).toBe(200);
    expect((await jar.fetch(`${t.url}/api/projects`)).status).toBe(200);
    expect(((await (await jar.fetch(`${t.url}/api/projects`)).json()) as unknown[]).length).toBe(0);
    expect((await fetch(`${t.url}/api/projects/${id}x`)).status).toBe(404);
  });

  it('limits demos per address per day with 429 and Retry-After; refused files do not count', async () => {
    expect((await stageDemo(Buffer.from('not an image'))).status).toBe(415);
    expect((await stageDemo(photo)).status).toBe(201);
    const limited = await stageDemo(photo);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toMatch(/free demo stagings/);
  });

  it('forgets demo projects after 24 hours, images included', async () => {
    const [demo] = await t.deps.repos.projects.findExpiredDemos(new Date(Date.now() + 25 * 3600 * 1000));
    expect(demo).toBeDefined();
    const id = demo?._id ?? '';
    expect(demo?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3600 * 1000);
    await t.deps.store.collections.projects.updateOne(
      { _id: id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect((await fetch(`${t.url}/api/projects/${id}`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/projects/${id}/images/original`)).status).toBe(404);
    expect(
      await purgeExpiredProjects(t.deps.repos, t.deps.store.blobs, t.deps.logger),
    ).toBeGreaterThanOrEqual(1);
    expect(await t.deps.store.blobs.get(`projects/${id}/original.jpg`)).toBeNull();
    expect(await t.deps.store.collections.projects.countDocuments({ _id: id })).toBe(0);
  });
});
