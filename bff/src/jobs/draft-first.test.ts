import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_EVENT, projectEventSchema, type Project, type ProjectStatusResponse } from '@shared/api';
import { currentUsageMonth } from '@shared/domain';
import type { StageRequest, StagingEngine } from '../ai';
import { projectBlobKeys } from '../store';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { EventStreamClient, type ReceivedEvent } from '../testing/event-stream-client';
import { FakeOpenAI } from '../testing/fake-openai';
import { makePhoto, multipart } from '../testing/images';
import { postProject, waitForFinish } from '../testing/staging-helpers';
import { useTestApp } from '../testing/use-test-app';
import { startWorker, type Worker } from './worker';

const TUNING = { pollMs: 50, retryBaseMs: 20, progressTickMs: 100, leaseMs: 5000, drafts: true };

/** The configured engine, its final pass held until `release` (its draft pass goes through at once). */
function heldFinal(engine: StagingEngine, draft: (image: Buffer, r: StageRequest) => Promise<Buffer[]>) {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const wrapped: StagingEngine = {
    kind: engine.kind,
    model: engine.model,
    draftPass: engine.draftPass ?? null,
    analyze: (image, signal, meter) => engine.analyze(image, signal, meter),
    stage: async (image, request, signal) => {
      if (request.draft) return draft(image, request);
      await gate;
      return engine.stage(image, request, signal);
    },
  };
  return { engine: wrapped, release };
}

/** A staging shows its first look, marked draft, while the final is made; only the final is a result. */
describe('draft first', () => {
  const fake = new FakeOpenAI();
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());
  // No worker of its own: each test starts one with the engine it needs.
  const t = useTestApp({ env: () => ({ ...fake.env, STAGING_DRAFT: 'true' }) });
  let jar: CookieJar;
  let userId: string;
  let worker: Worker | undefined;
  const used = () => t.deps.repos.usage.getUsed(userId, currentUsageMonth());
  beforeAll(async () => {
    ({
      jar,
      user: { id: userId },
    } = await signUp(t.url));
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    fake.reset();
  });

  const status = async (id: string) =>
    (await (await jar.fetch(`${t.url}/api/projects/${id}/status`)).json()) as ProjectStatusResponse;
  const stage = async (fields: Record<string, string> = {}) => {
    const res = await postProject(t.url, jar, { fields });
    expect(res.status).toBe(201);
    return ((await res.json()) as Project).id;
  };
  const eventOf = (e: ReceivedEvent) => projectEventSchema.parse(JSON.parse(e.data));

  it('stores and announces the draft before the final, which replaces it; one credit, the draft metered apart', async () => {
    const held = heldFinal(t.deps.engine, (image, request) => t.deps.engine.stage(image, request));
    const stream = await EventStreamClient.open(`${t.url}/api/events`, jar);
    worker = startWorker({ ...t.deps, engine: held.engine }, TUNING);
    const before = await used();
    const id = await stage();

    const draftEvent = await stream.next((e) => e.event === PROJECT_EVENT && eventOf(e).draft, 20_000);
    expect(eventOf(draftEvent)).toMatchObject({ projectId: id, status: 'processing', draft: true });
    const during = await status(id);
    expect(during).toMatchObject({ status: 'processing', stagedImageUrl: null });
    expect(during.draft).toEqual([`/api/projects/${id}/images/draft`]);
    const image = await jar.fetch(`${t.url}${during.draft[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('no-store');
    // A draft is never a result: nothing to download, listing-ready or not.
    expect((await jar.fetch(`${t.url}/api/projects/${id}/download`)).status).toBe(409);
    expect((await jar.fetch(`${t.url}/api/projects/${id}/download?format=listing`)).status).toBe(409);

    held.release();
    const { project } = await waitForFinish(t.url, jar, id, 30_000);
    expect(project).toMatchObject({ status: 'completed', draft: [] });
    expect(project.stagedImageUrl).not.toBeNull();
    const completed = await stream.next(
      (e) => e.event === PROJECT_EVENT && eventOf(e).status === 'completed',
    );
    expect(stream.events.indexOf(draftEvent)).toBeLessThan(stream.events.indexOf(completed));
    expect(eventOf(completed).draft).toBe(false);
    stream.close();
    // The draft's image goes with it; one credit for the staging, none for its draft.
    expect((await jar.fetch(`${t.url}${during.draft[0]}`)).status).toBe(404);
    expect(await t.deps.store.blobs.get(projectBlobKeys(id).draft(0))).toBeNull();
    expect(await used()).toBe(before + 1);
    const calls = await t.deps.repos.providerCalls.forProject(id);
    const images = calls.filter((c) => c.kind === 'image').map((c) => [c.purpose, c.model, c.quality]);
    // The first look comes from the fast model, the final from the configured one.
    expect(images).toEqual(
      expect.arrayContaining([
        ['draft', 'gpt-image-2.6-flare', 'low'],
        ['staging', 'gpt-image-2', 'medium'],
      ]),
    );
    expect(images).toHaveLength(2);
  });

  it('multi-view: one draft per option, side by side in the answer', async () => {
    const held = heldFinal(t.deps.engine, (image, request) => t.deps.engine.stage(image, request));
    worker = startWorker({ ...t.deps, engine: held.engine }, TUNING);
    const id = await stage({ stagingMode: 'multi-view' });
    await expect.poll(async () => (await status(id)).draft.length, { timeout: 20_000 }).toBe(3);
    expect((await status(id)).draft).toEqual(
      [0, 1, 2].map((i) => `/api/projects/${id}/images/draft?variant=${i}`),
    );
    held.release();
    const { project } = await waitForFinish(t.url, jar, id, 30_000);
    expect(project).toMatchObject({ status: 'completed', draft: [] });
    expect(project.variants).toHaveLength(3);
  });

  it('a draft that fails costs nothing: the final still comes, with one credit used', async () => {
    let asked = false;
    const held = heldFinal(t.deps.engine, () => {
      asked = true;
      return Promise.reject(new Error('the fast model is down'));
    });
    worker = startWorker({ ...t.deps, engine: held.engine }, TUNING);
    const before = await used();
    const id = await stage();
    await expect.poll(() => asked, { timeout: 20_000 }).toBe(true);
    held.release();
    const { project } = await waitForFinish(t.url, jar, id, 30_000);
    expect(project).toMatchObject({ status: 'completed', draft: [] });
    expect(project.stagedImageUrl).not.toBeNull();
    expect(await used()).toBe(before + 1);
  });

  it("a visitor's demo makes no draft: its page shows only the final", async () => {
    const held = heldFinal(t.deps.engine, (image, request) => t.deps.engine.stage(image, request));
    held.release();
    worker = startWorker({ ...t.deps, engine: held.engine }, TUNING);
    const fields = { roomType: 'bedroom', stagingMode: 'stage', stylePreset: 'modern' };
    const res = await fetch(`${t.url}/api/demo/stage`, {
      method: 'POST',
      body: multipart(fields, { data: await makePhoto({ width: 800, height: 600 }) }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await expect
      .poll(async () => (await t.deps.repos.projects.findById(id))?.status, { timeout: 15_000 })
      .toBe('completed');
    const calls = await t.deps.repos.providerCalls.forProject(id);
    expect(calls.filter((c) => c.kind === 'image').map((c) => c.purpose)).toEqual(['staging']);
  });

  it('an engine with no fast option makes no draft (the final alone)', async () => {
    const held = heldFinal(t.deps.engine, () => Promise.reject(new Error('never asked')));
    worker = startWorker({ ...t.deps, engine: { ...held.engine, draftPass: null } }, TUNING);
    const id = await stage();
    held.release();
    const { project, statuses } = await waitForFinish(t.url, jar, id, 30_000);
    expect(project.status).toBe('completed');
    expect(statuses.every((s) => s.draft.length === 0)).toBe(true);
    const calls = await t.deps.repos.providerCalls.forProject(id);
    expect(calls.filter((c) => c.purpose === 'draft')).toEqual([]);
  });
});
