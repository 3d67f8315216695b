import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PROJECT_EVENT, projectEventSchema, type Project, type ProjectEvent } from '@shared/api';
import { startWorker, type Worker } from '../../jobs';
import { json, signUp } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { EventStreamClient, type ReceivedEvent } from '../../testing/event-stream-client';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { TEST_WORKER_TUNING } from '../../testing/test-app';
import { useTestApp, type UsedTestApp } from '../../testing/use-test-app';
import { createLiveEvents, LIVE_EVENTS_TUNING, type LiveEventsTuning } from '../../live-events';

const parse = (e: ReceivedEvent): ProjectEvent => projectEventSchema.parse(JSON.parse(e.data));
const about = (id: string, status: ProjectEvent['status']) => (e: ReceivedEvent) =>
  e.event === PROJECT_EVENT && parse(e).projectId === id && parse(e).status === status;

/** The apps' streams poll every 50 ms, not 250: tests wait for polls to have run, counted below. */
const TUNING: LiveEventsTuning = { ...LIVE_EVENTS_TUNING, pollMs: 50 };

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits for `n` more polls of `t`'s streams to start: the ones before have then run to the end. */
function pollsOf(t: UsedTestApp): (n: number) => Promise<void> {
  let queries: MockInstance | undefined;
  beforeAll(() => {
    queries = vi.spyOn(t.deps.repos.projects, 'changedSince');
  });
  afterAll(() => queries?.mockRestore());
  return async (n) => {
    const target = queries!.mock.calls.length + n;
    await until(() => queries!.mock.calls.length >= target);
  };
}

/** A user's project finishing reaches their open stream within `boundMs` of being stored, and nobody else's. */
function finishesOnTheStream(t: UsedTestApp, polls: (n: number) => Promise<void>, boundMs: number) {
  return async () => {
    const [a, b] = await Promise.all([signUp(t.url), signUp(t.url)]);
    const open = (jar: CookieJar) => EventStreamClient.open(`${t.url}/api/events`, jar);
    const [streamA, streamB] = await Promise.all([open(a.jar), open(b.jar)]);
    // Both listen before the project exists (their first poll only learns where things stand).
    await until(() => t.deps.liveEvents.openStreams() === 2);
    await polls(2);
    const res = await postProject(t.url, a.jar, { fields: { name: 'Sunny den' } });
    const created = (await res.json()) as Project;

    const completed = await streamA.next(about(created.id, 'completed'));
    const event = parse(completed);
    expect(event).toEqual({
      projectId: created.id,
      status: 'completed',
      name: 'Sunny den',
      propertyId: null,
      changedAt: expect.any(String) as string,
      draft: false,
    });
    const stored = await t.deps.repos.projects.findById(created.id);
    expect(stored?.status).toBe('completed');
    expect(Date.parse(event.changedAt)).toBe(stored?.updatedAt.getTime());
    expect(completed.receivedAt - Date.parse(event.changedAt)).toBeLessThanOrEqual(boundMs);
    // Told once, however many polls saw it.
    await polls(4);
    expect(streamA.events.filter(about(created.id, 'completed'))).toHaveLength(1);
    expect(streamB.events).toEqual([]);
    streamA.close();
    streamB.close();
  };
}

describe('GET /api/events with the worker in this process', () => {
  const t = useTestApp({ worker: true, liveEvents: { pollMs: TUNING.pollMs } });
  const polls = pollsOf(t);

  it('refuses a visitor with a 401 and a sentence, not a stream', async () => {
    const res = await fetch(`${t.url}/api/events`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await res.json()) as { message: string }).message).toMatch(/sign in/i);
  });

  it('answers an unbuffered, uncached event stream that starts with a retry hint', async () => {
    const { jar } = await signUp(t.url);
    const stream = await EventStreamClient.open(`${t.url}/api/events`, jar);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    await until(() => stream.retryMs !== null);
    expect(stream.retryMs).toBe(LIVE_EVENTS_TUNING.retryMs);
    stream.close();
  });

  it(
    "tells the owner's stream at once when a project completes, and no other user's",
    finishesOnTheStream(t, polls, 300),
  );

  it('tells processing before completed, in order', async () => {
    const { jar } = await signUp(t.url);
    const stream = await EventStreamClient.open(`${t.url}/api/events`, jar);
    await until(() => t.deps.liveEvents.openStreams() >= 1);
    await polls(2);
    const created = (await (await postProject(t.url, jar)).json()) as Project;
    await waitForFinish(t.url, jar, created.id);
    await stream.next(about(created.id, 'completed'));
    const statuses = stream.events.map(parse).filter((e) => e.projectId === created.id);
    const seen = statuses.map((e) => e.status);
    // A poll landing between the upload and the worker's claim tells 'pending' first: true, and in order.
    expect(seen.slice(seen[0] === 'pending' ? 1 : 0)).toEqual(['processing', 'completed']);
    stream.close();
  });

  it('frees the stream when the client goes, and caps open streams per account', async () => {
    const { jar, user } = await signUp(t.url);
    const open = () => EventStreamClient.open(`${t.url}/api/events`, jar);
    const streams: EventStreamClient[] = [];
    for (let i = 0; i < LIVE_EVENTS_TUNING.maxStreamsPerUser; i++) streams.push(await open());
    expect(streams.map((s) => s.response.status)).toEqual(streams.map(() => 200));
    expect(t.deps.liveEvents.openStreams(user.id)).toBe(LIVE_EVENTS_TUNING.maxStreamsPerUser);

    const refused = await open();
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('3');
    await refused.ended;

    streams[0]!.close();
    await until(() => t.deps.liveEvents.openStreams(user.id) === LIVE_EVENTS_TUNING.maxStreamsPerUser - 1);
    const again = await open();
    expect(again.response.status).toBe(200);
    for (const s of [...streams, again]) s.close();
    await until(() => t.deps.liveEvents.openStreams(user.id) === 0);
  });
});

describe('GET /api/events when the session ends', () => {
  const t = useTestApp({ worker: true, liveEvents: { pollMs: TUNING.pollMs } });
  const polls = pollsOf(t);

  /** Opens a stream with a copy of the session, so the original jar can sign out from another request. */
  async function listening() {
    const { jar, user, email, password } = await signUp(t.url);
    const stream = await EventStreamClient.open(`${t.url}/api/events`, jar.clone());
    await until(() => t.deps.liveEvents.openStreams(user.id) === 1);
    await polls(2);
    return { jar, user, email, password, stream };
  }

  /** A project made with a session of its own, after `stream` closed: it must never reach `stream`. */
  async function changeAfterwards(stream: EventStreamClient, email: string, password: string) {
    const other = new CookieJar();
    const login = await other.fetch(`${t.url}/api/auth/login`, json({ email, password }, { method: 'POST' }));
    expect(login.status).toBe(200);
    const created = (await (await postProject(t.url, other)).json()) as Project;
    await waitForFinish(t.url, other, created.id);
    // The stream is gone, so no poll reaches it: six polls' time for a wrong one to show.
    await new Promise((r) => setTimeout(r, TUNING.pollMs * 6));
    expect(stream.events.filter((e) => e.data.includes(created.id))).toEqual([]);
  }

  it('closes the stream when its session signs out from another request, and tells it nothing more', async () => {
    const { jar, user, email, password, stream } = await listening();
    const out = await jar.fetch(`${t.url}/api/auth/logout`, { method: 'POST', headers: { Origin: t.url } });
    expect(out.status).toBe(200);
    await stream.ended;
    await until(() => t.deps.liveEvents.openStreams(user.id) === 0);
    await changeAfterwards(stream, email, password);
  });

  it('closes at once the streams of an account whose password was reset (every session ends)', async () => {
    const { user, email, stream } = await listening();
    const token = randomBytes(32).toString('base64url');
    await t.deps.repos.passwordResets.create(
      createHash('sha256').update(token).digest('base64url'),
      user.id,
      60_000,
    );
    const reset = await fetch(
      `${t.url}/api/auth/password-reset/confirm`,
      json({ token, password: 'brand new 99' }, { method: 'POST' }),
    );
    expect(reset.status).toBe(200);
    const answeredAt = Date.now();
    await stream.ended;
    // Told by the reset itself, not found by the periodic check up to 5 s later.
    expect(Date.now() - answeredAt).toBeLessThan(1000);
    await changeAfterwards(stream, email, 'brand new 99');
  });

  it('closes, within a check, a stream whose session was revoked behind its back (a reset elsewhere)', async () => {
    const { user, email, password, stream } = await listening();
    // As another process would: only the store knows, so the periodic check (or the next event) finds it.
    await t.deps.repos.sessions.destroyAllForUser(user.id);
    await changeAfterwards(stream, email, password);
    await Promise.race([
      stream.ended,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('stream still open')), LIVE_EVENTS_TUNING.sessionCheckMs + 2000),
      ),
    ]);
  });
});

describe('GET /api/events with the worker in another process', () => {
  const t = useTestApp({ liveEvents: { pollMs: TUNING.pollMs } });
  const polls = pollsOf(t);
  let worker: Worker;
  let jar: CookieJar;

  beforeAll(async () => {
    // Shares only the store, as `npm run worker` does: the change is found by polling it.
    worker = startWorker({ ...t.deps, liveEvents: undefined }, TEST_WORKER_TUNING);
    jar = (await signUp(t.url)).jar;
  });
  afterAll(() => worker.stop());

  it(
    "tells the owner's stream within a poll when a project completes, and no other user's",
    finishesOnTheStream(t, polls, LIVE_EVENTS_TUNING.pollMs + 750),
  );

  it('tells at once what the worker says, without waiting for a poll; heartbeats keep the stream open', async () => {
    const { jar: owner, user } = await signUp(t.url);
    // Polls only at open: what it tells later comes from projectChanged alone.
    const live = createLiveEvents(t.deps, { pollMs: 3_600_000, heartbeatMs: 50 });
    const stream = live.open(user.id, owner.get('stagely.sid') ?? null);
    let text = '';
    stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await new Promise((r) => setTimeout(r, 200));
    const created = (await (await postProject(t.url, owner)).json()) as Project;
    await waitForFinish(t.url, owner, created.id);
    expect(text).not.toContain(created.id);
    expect(text).toMatch(/^retry: 3000\n/);
    expect(text).toContain(': heartbeat\n\n');

    live.projectChanged({ projectId: created.id, ownerId: user.id });
    await until(() => text.includes(created.id), 1000);
    const data = /event: project\ndata: (.*)\n\n/.exec(text)?.[1] ?? '';
    expect(projectEventSchema.parse(JSON.parse(data))).toMatchObject({
      projectId: created.id,
      status: 'completed',
    });
    // Another user's change wakes nobody's stream.
    live.projectChanged({ projectId: 'elsewhere', ownerId: 'someone-else' });
    live.closeAll();
    await until(() => live.openStreams() === 0);
  });

  it('tells nothing when a project finished long ago is written again (a share link made or revoked)', async () => {
    const { jar: owner, user } = await signUp(t.url);
    // A short window, so the finished project is forgotten quickly, as it is 5 s later in production.
    const live = createLiveEvents(t.deps, { pollMs: 50, overlapMs: 100 });
    const stream = live.open(user.id, owner.get('stagely.sid') ?? null);
    let text = '';
    stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await polls(2);
    const created = (await (await postProject(t.url, owner)).json()) as Project;
    await waitForFinish(t.url, owner, created.id);
    const completions = () => text.split('"status":"completed"').length - 1;
    await until(() => completions() === 1, 2000);
    // Past the window, then polls that forget it (each poll looks back from the previous one's start).
    await new Promise((r) => setTimeout(r, 150));
    await polls(3);

    for (const method of ['POST', 'DELETE']) {
      const res = await owner.fetch(`${t.url}/api/projects/${created.id}/share`, {
        method,
        headers: { Origin: t.url },
      });
      expect(res.status).toBeLessThan(300);
      await polls(4);
    }
    expect(completions()).toBe(1);
    live.closeAll();
    await until(() => live.openStreams() === 0);
  });

  it('ends every stream on shutdown, so the browser reconnects elsewhere', async () => {
    const stream = await EventStreamClient.open(`${t.url}/api/events`, jar);
    await until(() => t.deps.liveEvents.openStreams() === 1);
    t.deps.liveEvents.closeAll();
    await stream.ended;
    await until(() => t.deps.liveEvents.openStreams() === 0);
  });
});
