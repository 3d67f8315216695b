import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { currentUsageMonth } from '@shared/domain';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { makePhoto, multipart } from '../testing/images';
import { bytesOf, postProject, waitForFinish } from '../testing/staging-helpers';
import { useFakeOpenAI, useTestApp } from '../testing/use-test-app';
import { startWorker, type Worker } from './worker';

const TUNING = { pollMs: 50, retryBaseMs: 50, progressTickMs: 100, leaseMs: 3000 };

/** Mean brightness of a corner, to tell where the photo's dark top-left square ended up. */
async function cornerMean(img: Buffer, corner: 'top-left' | 'top-right'): Promise<number> {
  const { width = 0 } = await sharp(img).metadata();
  const size = Math.round(width / 10);
  const left = corner === 'top-left' ? 4 : width - size - 4;
  const { data } = await sharp(img)
    .extract({ left, top: 4, width: size, height: size })
    .greyscale()
    .raw()
    .toBuffer({
      resolveWithObject: true,
    });
  return data.reduce((a, b) => a + b, 0) / data.length;
}

describe('staging worker with OpenAI (loopback fake)', () => {
  const fake = useFakeOpenAI();
  const t = useTestApp({ env: () => ({ ...fake.env, OPENAI_TIMEOUT_MS: '5000' }) });
  // Its own worker, not useTestApp's: a test stops it and starts another, which afterAll stops.
  let worker: Worker;
  let jar: CookieJar;
  let userId: string;
  const used = () => t.deps.repos.usage.getUsed(userId, currentUsageMonth());
  const create = async (fields: Record<string, string> = {}, photo?: Buffer) => {
    const res = await postProject(t.url, jar, { fields, ...(photo ? { photo } : {}) });
    expect(res.status).toBe(201);
    return (await res.json()) as Project;
  };

  beforeAll(async () => {
    worker = startWorker(t.deps, TUNING);
    const signed = await signUp(t.url);
    jar = signed.jar;
    userId = signed.user.id;
    await t.deps.repos.users.update(userId, { plan: 'pro' });
  });
  afterEach(() => fake.reset());
  afterAll(() => worker.stop());

  it('stages with the engine, reports progress and stores an upright result without metadata', async () => {
    const photo = await makePhoto({ width: 1600, height: 1200, orientation: 6, gps: true });
    const created = await create({ stagingMode: 'stage', roomType: 'bedroom' }, photo);
    expect(created.engine).toBe('openai');
    const { statuses, project } = await waitForFinish(t.url, jar, created.id);
    const progress = statuses.map((s) => Number(s.progress));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);

    const [edit] = fake.edits();
    // At most OPENAI_IMAGE_MAX_PIXELS (1280x1024) at the photo's shape: the lock lays it into the photo.
    expect(edit?.fields).toMatchObject({ model: 'gpt-image-2', n: '1', size: '960x1280' });
    expect(edit?.fields.prompt).toMatch(/bedroom/);
    const sent = edit?.files.find((f) => f.field === 'image');
    expect(sent?.data.includes(Buffer.from('TestPhone'))).toBe(false);
    expect((await sharp(sent?.data).metadata()).exif).toBeUndefined();

    const staged = await bytesOf(await jar.fetch(`${t.url}${project.stagedImageUrl}`));
    const meta = await sharp(staged).metadata();
    // The fake adds GPS EXIF to what it returns: none of it may be stored.
    expect(meta.exif).toBeUndefined();
    expect(staged.includes(Buffer.from('FakeAI'))).toBe(false);
    // Portrait like the upright original, at its own size: the default model answers at the photo's size.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(await cornerMean(staged, 'top-right')).toBeLessThan(70);
    expect(await cornerMean(staged, 'top-left')).toBeGreaterThan(120);
  });

  it('asks for 3 images in multi-view, one request each, and stores each variant', async () => {
    const created = await create({ stagingMode: 'multi-view' });
    const { project } = await waitForFinish(t.url, jar, created.id);
    expect(fake.edits().map((edit) => edit.fields.n ?? '1')).toEqual(['1', '1', '1']);
    expect(project.variants).toHaveLength(3);
    expect(project.variants[2]).toBe(`/api/projects/${created.id}/images/staged?variant=2`);
  });

  it('detects the room first when the user chose "other"', async () => {
    const created = await create({ roomType: 'other' });
    await waitForFinish(t.url, jar, created.id);
    // The analysis, the staging, then the vision model's second opinion on the result.
    expect(fake.requests.map((r) => r.path.split('/').pop())).toEqual([
      'completions',
      'edits',
      'completions',
    ]);
    expect(fake.edits()[0]?.fields.prompt).toMatch(/photo of a kitchen/);
  });

  it('retries transient provider errors with backoff and completes once', async () => {
    fake.failNext(500, 1);
    fake.failNext(429, 1);
    const before = await used();
    const created = await create();
    const { project } = await waitForFinish(t.url, jar, created.id);
    expect(project.status).toBe('completed');
    expect(fake.edits()).toHaveLength(3);
    expect(await used()).toBe(before + 1);
  });

  it('fails for good after 3 transient errors, with a sentence, and gives the credit back', async () => {
    await t.deps.repos.users.update(userId, { plan: 'free' });
    try {
      fake.failNext(503, 3);
      const before = await used();
      const created = await create();
      expect(await used()).toBe(before + 1);
      const { project } = await waitForFinish(t.url, jar, created.id);
      expect(project.status).toBe('failed');
      expect(project.error).toBe(
        'The AI provider had a temporary problem. We tried 3 times; please try again later. Your credit was returned.',
      );
      expect(project.metadata.error).toBe(project.error);
      // Kept as data too, so mail and push build their own sentences instead of parsing this one.
      expect((await t.deps.repos.projects.findById(created.id))?.failure).toEqual({
        reason: 'The AI provider had a temporary problem. We tried 3 times; please try again later.',
        creditReturned: true,
      });
      expect(fake.edits()).toHaveLength(3);
      // The worker returns the credit just after it stores the failure.
      await expect.poll(used).toBe(before);
    } finally {
      await t.deps.repos.users.update(userId, { plan: 'pro' });
    }
  });

  it('does not retry what will not change (a safety refusal), and tells the demo visitor why', async () => {
    fake.failNext(400, 1, 'moderation_blocked', 'Your request was rejected by the safety system.');
    const res = await fetch(`${t.url}/api/demo/stage`, {
      method: 'POST',
      body: multipart({ roomType: 'kitchen' }, { data: await makePhoto() }),
    });
    const { id } = (await res.json()) as { id: string };
    const { project } = await waitForFinish(t.url, null, id);
    expect(project.status).toBe('failed');
    expect(project.metadata.error).toMatch(/^The AI provider declined this photo under its safety rules/);
    expect(project.metadata.error).not.toMatch(/credit/);
    expect(fake.edits()).toHaveLength(1);
  });

  it('never completes a job it no longer holds', async () => {
    fake.delayMs = 800;
    const created = await create();
    await fake.waitFor('/images/edits');
    // Another worker took the job over (as after a lease expiry).
    await t.deps.store.collections.projects.updateOne(
      { _id: created.id },
      { $set: { workerId: 'someone-else' } },
    );
    await new Promise((r) => setTimeout(r, 1500));
    const doc = await t.deps.repos.projects.findById(created.id);
    expect(doc?.status).toBe('processing');
    expect(doc?.workerId).toBe('someone-else');
    expect(doc?.images.staged).toEqual([]);
    await t.deps.store.collections.projects.deleteOne({ _id: created.id });
  });

  it('hands a job in flight back to the queue on a graceful stop', async () => {
    fake.delayMs = 1500;
    const created = await create();
    await fake.waitFor('/images/edits');
    await worker.stop();
    const doc = await t.deps.repos.projects.findById(created.id);
    expect(doc?.status).toBe('pending');
    expect(doc?.workerId).toBeNull();
    fake.delayMs = 0;
    worker = startWorker(t.deps, TUNING);
    expect((await waitForFinish(t.url, jar, created.id)).project.status).toBe('completed');
  });
});
