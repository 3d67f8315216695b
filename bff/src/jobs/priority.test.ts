import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { FREE_GENERATIONS_PER_MONTH } from '@shared/domain';
import type { StageRequest, StagingEngine } from '../ai';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { makePhoto, multipart } from '../testing/images';
import { seedProperty, stageRooms } from '../testing/property-rooms';
import { postProject, waitForFinish } from '../testing/staging-helpers';
import { useTestApp } from '../testing/use-test-app';
import { startWorker, type Worker } from './worker';

/** A 200 ms engine that notes which job it starts (by room type) and can hold its first job. */
function standInEngine() {
  const started: StageRequest['roomType'][] = [];
  let release: () => void = () => undefined;
  const firstHeld = new Promise<void>((r) => (release = r));
  const engine: StagingEngine = {
    kind: 'preview',
    model: null,
    analyze: () => Promise.resolve({ roomType: 'living-room', style: 'modern', confident: false }),
    async stage(image, request) {
      started.push(request.roomType);
      if (started.length === 1) await firstHeld;
      await new Promise((r) => setTimeout(r, 200));
      return [image];
    },
  };
  return { engine, started, release };
}

describe('priority processing with one worker', () => {
  const standIn = standInEngine();
  const t = useTestApp({ deps: { engine: standIn.engine } });
  let worker: Worker;
  const freeJars: CookieJar[] = [];
  let proJar: CookieJar;

  beforeAll(async () => {
    worker = startWorker(t.deps, { pollMs: 50, progressTickMs: 100, concurrency: 1 });
    for (let i = 0; i < 5; i++) freeJars.push((await signUp(t.url)).jar);
    const pro = await signUp(t.url);
    proJar = pro.jar;
    await t.deps.repos.users.update(pro.user.id, { plan: 'pro' });
  });
  afterAll(() => worker.stop());

  it('starts a Pro job submitted after 20 queued free jobs next, then the free ones', async () => {
    const photo = await makePhoto({ width: 800, height: 600 });
    const submit = async (jar: CookieJar, roomType: string) => {
      const res = await postProject(t.url, jar, { fields: { roomType }, photo });
      expect(res.status).toBe(201);
      return (await res.json()) as Project;
    };
    // The first free job holds the one worker while 20 more free jobs and then the Pro job queue up.
    const free: Project[] = [];
    for (let i = 0; i < 21; i++)
      free.push(
        await submit(freeJars[Math.floor(i / FREE_GENERATIONS_PER_MONTH)] as CookieJar, 'living-room'),
      );
    await expect.poll(() => standIn.started.length).toBe(1);
    const pro = await submit(proJar, 'bedroom');
    standIn.release();
    await waitForFinish(t.url, proJar, pro.id);
    expect(standIn.started.slice(0, 2)).toEqual(['living-room', 'bedroom']);
    const last = free.at(-1) as Project;
    await waitForFinish(t.url, freeJars[4] as CookieJar, last.id, 30_000);
    expect(standIn.started).toEqual(['living-room', 'bedroom', ...Array<string>(20).fill('living-room')]);
  });
});

describe('the plan a job is queued with', () => {
  // No worker: the jobs stay queued as the uploads left them.
  const t = useTestApp();
  const priorityOf = async (projectId: string) =>
    (await t.deps.store.collections.jobs.findOne({ _id: projectId }))?.priority;

  it("is the owner's plan at upload (photo or property run), and 'demo' for a visitor", async () => {
    const free = await signUp(t.url);
    const pro = await signUp(t.url);
    await t.deps.repos.users.update(pro.user.id, { plan: 'pro' });
    const upload = async (jar: CookieJar) => ((await (await postProject(t.url, jar)).json()) as Project).id;
    expect(await priorityOf(await upload(free.jar))).toBe('free');
    expect(await priorityOf(await upload(pro.jar))).toBe('pro');

    const { property, rooms } = await seedProperty(t.deps, pro.user.id, [{ roomType: 'kitchen' }]);
    const run = await stageRooms(pro.jar.fetch.bind(pro.jar), t.url, property._id, {
      roomIds: rooms.map((r) => r._id),
      stylePreset: 'modern',
    });
    expect(run.status).toBe(201);
    const [room] = ((await run.json()) as { rooms: { projectId: string }[] }).rooms;
    expect(await priorityOf(room?.projectId ?? '')).toBe('pro');

    const photo = await makePhoto({ width: 800, height: 600 });
    const demo = await fetch(`${t.url}/api/demo/stage`, {
      method: 'POST',
      body: multipart({ roomType: 'bedroom', stagingMode: 'stage', stylePreset: 'modern' }, { data: photo }),
    });
    expect(demo.status).toBe(201);
    expect(await priorityOf(((await demo.json()) as { id: string }).id)).toBe('demo');
  });
});
