import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { DEFAULT_PREFERENCES, STAGING_FAILURES } from '@shared/domain';
import { startWorker, type Worker } from '../jobs';
import { json, signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { addRoom, createProperty } from '../testing/property-helpers';
import { SmtpSink } from '../testing/smtp-sink';
import { postProject, waitForFinish } from '../testing/staging-helpers';
import { TEST_WORKER_TUNING } from '../testing/test-app';
import { useTestApp } from '../testing/use-test-app';
import { RUN_QUIET_MS, stagingNotices } from './staging-notices';

const ORIGIN = 'https://stagely.test';

/** Finished stagings mail their owner through the real nodemailer client, read back from a loopback SMTP server. */
describe('project completed mails', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const t = useTestApp({ env: () => ({ SMTP_URL: sink.url, PUBLIC_URL: ORIGIN }) });
  /** The worker's 'project finished' event for a project, as stored now. */
  const finishedEvent = async (id: string) => {
    const project = await t.deps.repos.projects.findById(id);
    if (!project) throw new Error(`no project ${id}`);
    return { project };
  };
  let worker: Worker | null = null;
  const startTheWorker = () => {
    worker ??= startWorker(t.deps, TEST_WORKER_TUNING);
  };
  const stopTheWorker = async () => {
    await worker?.stop();
    worker = null;
  };
  afterEach(stopTheWorker);

  const create = async (jar: CookieJar, fields: Record<string, string> = {}) => {
    const res = await postProject(t.url, jar, { fields });
    expect(res.status).toBe(201);
    return (await res.json()) as Project;
  };
  /** The original photo goes missing before the worker reads it: the staging fails and says so. */
  const breakPhoto = async (id: string) => {
    const doc = await t.deps.repos.projects.findById(id);
    await t.deps.store.blobs.delete(doc!.images.original);
  };
  /** Every finished staging of `ownerId` has its mail decided, and the outbox has sent what it holds. */
  const settled = async (ownerId: string) => {
    await expect
      .poll(
        async () =>
          (await t.deps.store.collections.projects.find({ ownerId, notifyPending: true }, {})).length,
      )
      .toBe(0);
    await t.deps.mail.flush();
  };

  it('one mail per finished staging, linking to the project', async () => {
    const { jar, user } = await signUp(t.url);
    startTheWorker();
    const project = await create(jar, { name: 'Sunny lounge' });
    await waitForFinish(t.url, jar, project.id);
    const mail = await sink.waitFor((m) => m.rcptTo.includes(user.email));
    expect(mail.subject).toBe('Your photo is staged: Sunny lounge');
    expect(mail.text).toContain('"Sunny lounge" is staged and ready to view.');
    expect(mail.text).toContain(`${ORIGIN}/?project=${project.id}`);
    expect(mail.html).toContain(`href="${ORIGIN}/?project=${project.id}"`);
    expect(mail.text).toContain(`${ORIGIN}/settings`);
    await settled(user.id);
    expect(sink.to(user.email)).toHaveLength(1);
  });

  it('a failed staging says why and that the credit was returned', async () => {
    const { jar, user } = await signUp(t.url);
    const project = await create(jar, { name: 'Dark hall' });
    await breakPhoto(project.id);
    startTheWorker();
    expect((await waitForFinish(t.url, jar, project.id)).project.status).toBe('failed');
    const mail = await sink.waitFor((m) => m.rcptTo.includes(user.email));
    expect(mail.subject).toBe('Staging failed: Dark hall');
    expect(mail.text).toContain(`Why: ${STAGING_FAILURES.photoMissing}\n`);
    expect(mail.text).toContain('Your credit was returned, so this photo does not count');
    expect(mail.text).toContain(`${ORIGIN}/?project=${project.id}`);
    await settled(user.id);
    expect(sink.to(user.email)).toHaveLength(1);
  });

  it('a batch gets one summary mail once its last photo is finished, even when its photos come one by one', async () => {
    const { jar, user } = await signUp(t.url);
    const batch = { batchId: randomUUID(), batchSize: '3' };
    startTheWorker();
    // Like the workspace: each photo is sent once the one before it is finished.
    const first = await create(jar, { ...batch, name: 'Batch one' });
    await waitForFinish(t.url, jar, first.id);
    // Its mail waits for the rest of the run, whoever decides it.
    await stagingNotices(t.deps).projectFinished(await finishedEvent(first.id));
    await t.deps.mail.flush();
    expect(sink.to(user.email)).toHaveLength(0);
    await stopTheWorker();
    const second = await create(jar, { ...batch, name: 'Batch two' });
    await breakPhoto(second.id);
    const third = await create(jar, { ...batch, name: 'Batch three' });
    startTheWorker();
    await waitForFinish(t.url, jar, second.id);
    await waitForFinish(t.url, jar, third.id);
    const mail = await sink.waitFor((m) => m.rcptTo.includes(user.email));
    await settled(user.id);
    expect(sink.to(user.email)).toHaveLength(1);
    expect(mail.subject).toBe('Your batch is finished: 2 staged, 1 failed');
    expect(mail.text).toContain('The 3 photos of your batch are finished: 2 staged, 1 failed.');
    expect(mail.text).toContain('The credit of the failed photo was returned');
    expect(mail.text).toContain(`- Batch one: staged\n  ${ORIGIN}/?project=${first.id}`);
    expect(mail.text).toContain(`- Batch two: failed. ${STAGING_FAILURES.photoMissing}`);
    expect(mail.text).toContain(`${ORIGIN}/?project=${third.id}`);
  });

  it('a property run gets one mail that names the property and links to it', async () => {
    const { jar, user } = await signUp(t.url);
    const property = await createProperty(t, jar, { name: '7 Elm Street' });
    const rooms = [
      await addRoom(t, jar, property.id, { roomType: 'living-room' }),
      await addRoom(t, jar, property.id, { roomType: 'bedroom' }),
    ];
    const res = await jar.fetch(
      `${t.url}/api/properties/${property.id}/stage`,
      json({ roomIds: rooms.map((r) => r.id), stylePreset: 'modern' }, { method: 'POST' }),
    );
    expect(res.status).toBe(201);
    startTheWorker();
    const mail = await sink.waitFor((m) => m.rcptTo.includes(user.email), 20_000);
    await settled(user.id);
    expect(sink.to(user.email)).toHaveLength(1);
    expect(mail.subject).toBe('7 Elm Street: 2 staged');
    expect(mail.text).toContain('The 2 rooms of 7 Elm Street you staged are finished: 2 staged.');
    expect(mail.text).toContain(`${ORIGIN}/properties/${property.id}`);
  });

  it('no mail when the owner turned the preference off', async () => {
    const { jar, user } = await signUp(t.url);
    const prefs = await jar.fetch(
      `${t.url}/api/user/preferences`,
      json(
        { emailNotifications: { ...DEFAULT_PREFERENCES.emailNotifications, project_completed: false } },
        { method: 'PUT' },
      ),
    );
    expect(prefs.status).toBe(200);
    startTheWorker();
    const single = await create(jar);
    const batched = await create(jar, { batchId: randomUUID(), batchSize: '1' });
    await waitForFinish(t.url, jar, single.id);
    await waitForFinish(t.url, jar, batched.id);
    await settled(user.id);
    expect(sink.to(user.email)).toHaveLength(0);
  });

  it('a mail a crash left undecided is sent once by the sweep, however often and in parallel it runs', async () => {
    const { jar, user } = await signUp(t.url);
    // The outbox is down when the staging finishes: the project keeps its flag and nobody is mailed yet.
    const down = { ...t.deps.mail, enqueue: () => Promise.reject(new Error('store unavailable')) };
    worker = startWorker({ ...t.deps, mail: down }, TEST_WORKER_TUNING);
    const project = await create(jar, { name: 'After a crash' });
    await waitForFinish(t.url, jar, project.id);
    await expect
      .poll(async () => (await t.deps.repos.projects.findById(project.id))?.notifyPending)
      .toBe(true);
    await stopTheWorker();
    expect(sink.to(user.email)).toHaveLength(0);

    const notices = stagingNotices(t.deps);
    const event = await finishedEvent(project.id);
    await Promise.all([
      notices.sweep(new Date(), 0),
      notices.sweep(new Date(), 0),
      notices.projectFinished(event),
    ]);
    await settled(user.id);
    expect(sink.to(user.email).map((m) => m.subject)).toEqual(['Your photo is staged: After a crash']);
    // Stopped again between enqueueing and clearing the flag: decided again, still sent once.
    await t.deps.store.collections.projects.updateOne({ _id: project.id }, { $set: { notifyPending: true } });
    await notices.sweep(new Date(), 0);
    await settled(user.id);
    expect(sink.to(user.email)).toHaveLength(1);
  });

  it('a run whose other photos never came is summed up once it went quiet; a late photo gets its own mail', async () => {
    const { jar, user } = await signUp(t.url);
    const batch = { batchId: randomUUID(), batchSize: '3' };
    startTheWorker();
    const first = await create(jar, { ...batch, name: 'Came alone' });
    await waitForFinish(t.url, jar, first.id);
    const notices = stagingNotices(t.deps);
    await notices.sweep(new Date(), 0);
    await t.deps.mail.flush();
    expect(sink.to(user.email)).toHaveLength(0);
    await notices.sweep(new Date(Date.now() + RUN_QUIET_MS), 0);
    const summary = await sink.waitFor((m) => m.rcptTo.includes(user.email));
    expect(summary.subject).toBe('Your batch is finished: 1 staged');
    // The first photo's own event, come after the sweep that summed the run up (read before its flag was
    // cleared): it is in the summary, so it is not mailed again.
    await t.deps.store.collections.projects.updateOne({ _id: first.id }, { $set: { notifyPending: true } });
    await notices.projectFinished(await finishedEvent(first.id));
    await t.deps.mail.flush();
    expect(sink.to(user.email)).toHaveLength(1);
    const late = await create(jar, { ...batch, name: 'Came late' });
    await waitForFinish(t.url, jar, late.id);
    await settled(user.id);
    expect(sink.to(user.email).map((m) => m.subject)).toEqual([
      'Your batch is finished: 1 staged',
      'Your photo is staged: Came late',
    ]);
  });
});
