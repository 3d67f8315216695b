import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroyDb } from '../db';
import {
  backoffMs,
  clearUploads,
  listUploads,
  waitForUpload,
  discardUpload,
  enqueueUpload,
  flushUploads,
  isBlocked,
  onUnblocked,
  releaseUpload,
  retryUpload,
  setUploadAccount,
  settleUpload,
  subscribeQueue,
  unblockUploads,
  type SendResult,
  type Sender,
} from '.';
import { olive, queuedPhoto, scripted } from '../../testing/upload-queue';

describe('upload queue', () => {
  beforeEach(async () => {
    await destroyDb();
    setUploadAccount(olive);
    unblockUploads();
  });
  afterEach(async () => {
    await destroyDb();
  });

  it('keeps a photo queued while offline and sends it once when back online', async () => {
    await enqueueUpload(queuedPhoto());
    const offline = scripted({ kind: 'retry', message: 'Waiting for connection' });
    await flushUploads(offline);
    const [waiting] = await listUploads();
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Waiting for connection' });
    const created: string[] = [];
    const online = scripted();
    await flushUploads(
      online,
      (id) => created.push(id),
      () => Date.now() + 60_000,
    );
    expect(online.keys).toEqual([waiting!.id]);
    expect(created).toEqual([`p-${waiting!.id}`]);
    expect(await listUploads()).toEqual([]);
  });

  it('reuses the same idempotency key on every attempt, so a lost answer never duplicates', async () => {
    const record = await enqueueUpload(queuedPhoto());
    const send = scripted({ kind: 'retry', message: '503: busy' }, { kind: 'retry', message: '502' });
    const hour = 3_600_000;
    await flushUploads(send, undefined, () => Date.now() + hour);
    await flushUploads(send, undefined, () => Date.now() + 2 * hour);
    await flushUploads(send, undefined, () => Date.now() + 3 * hour);
    expect(send.keys).toEqual([record.id, record.id, record.id]);
    expect(await listUploads()).toEqual([]);
  });

  it('waits with backoff after a server error', async () => {
    await enqueueUpload(queuedPhoto(), 1000);
    await flushUploads(scripted({ kind: 'retry', message: '500' }), undefined, () => 1000);
    const [item] = await listUploads();
    expect(item!.nextAttemptAt).toBe(1000 + backoffMs(1));
    const notYet = scripted();
    await flushUploads(notYet, undefined, () => 1000 + backoffMs(1) - 1);
    expect(notYet.keys).toEqual([]);
    expect(backoffMs(20)).toBe(5 * 60 * 1000);
  });

  it('keeps every item on 401 and on 402, and resumes after the user acts', async () => {
    await enqueueUpload(queuedPhoto(), 1);
    await enqueueUpload(queuedPhoto(), 2);
    await flushUploads(scripted({ kind: 'auth' }));
    expect(isBlocked()).toBe('auth');
    expect((await listUploads()).map((r) => r.status)).toEqual(['queued', 'queued']);
    await flushUploads(scripted({ kind: 'payment' }));
    expect(isBlocked()).toBe('payment');
    expect(await listUploads()).toHaveLength(2);
    unblockUploads();
    await flushUploads(scripted());
    expect(await listUploads()).toEqual([]);
  });

  it("marks an item refused by a 4xx as failed with the server's sentence; retry or discard", async () => {
    const bad = await enqueueUpload(queuedPhoto(), 1);
    await enqueueUpload(queuedPhoto(), 2);
    await flushUploads(scripted({ kind: 'refused', message: 'This file type is not supported.' }));
    const [failed, ...rest] = await listUploads();
    expect(failed).toMatchObject({
      id: bad.id,
      status: 'failed',
      lastError: 'This file type is not supported.',
    });
    expect(rest).toEqual([]);
    await retryUpload(bad.id);
    expect((await listUploads())[0]).toMatchObject({ status: 'queued', attempts: 0 });
    await discardUpload(bad.id);
    expect(await listUploads()).toEqual([]);
  });

  it('resends an item left "sending" by a reload mid-flush', async () => {
    const record = await enqueueUpload(queuedPhoto());
    // The tab closed while the request was in flight: the record says 'sending'.
    let release: () => void = () => undefined;
    const hanging: Sender = (r) =>
      new Promise<SendResult>((resolve) => (release = () => resolve({ kind: 'retry', message: `${r.id}` })));
    void flushUploads(hanging);
    await new Promise((r) => setTimeout(r, 20));
    expect((await listUploads())[0]!.status).toBe('sending');
    release();
    await new Promise((r) => setTimeout(r, 20));
    const send = scripted();
    await flushUploads(send, undefined, () => Date.now() + 60_000);
    expect(send.keys).toEqual([record.id]);
  });

  it('reports how many photos wait', async () => {
    const states: number[] = [];
    const stop = subscribeQueue((s) => states.push(s.waiting));
    await enqueueUpload(queuedPhoto());
    await enqueueUpload(queuedPhoto());
    await new Promise((r) => setTimeout(r, 20));
    stop();
    expect(states.at(-1)).toBe(2);
  });

  it('sends everything at once when forced (start, online, sign-in), whatever the backoff', async () => {
    const record = await enqueueUpload(queuedPhoto());
    await flushUploads(scripted({ kind: 'retry', message: 'Waiting for connection' }));
    expect((await listUploads())[0]!.nextAttemptAt).toBeGreaterThan(Date.now());
    const notDue = scripted();
    await flushUploads(notDue);
    expect(notDue.keys).toEqual([]);
    const forced = scripted();
    await flushUploads(forced, undefined, Date.now, true);
    expect(forced.keys).toEqual([record.id]);
    expect(await listUploads()).toEqual([]);
  });

  it('stops at the first unreachable attempt and makes the rest wait as long', async () => {
    for (const t of [1, 2, 3]) await enqueueUpload(queuedPhoto(), t);
    const send = scripted({ kind: 'retry', message: 'Waiting for connection' });
    await flushUploads(send, undefined, () => 10_000);
    expect(send.keys).toHaveLength(1);
    const items = await listUploads();
    expect(items.map((r) => r.attempts)).toEqual([1, 0, 0]);
    expect(items.every((r) => r.nextAttemptAt === 10_000 + backoffMs(1))).toBe(true);
  });

  it('leaves a photo being sent directly alone until it is released', async () => {
    const record = await enqueueUpload(queuedPhoto(), Date.now(), { hold: true });
    const first = scripted();
    await flushUploads(first, undefined, Date.now, true);
    expect(first.keys).toEqual([]);
    releaseUpload(record.id);
    const second = scripted();
    await flushUploads(second, undefined, Date.now, true);
    expect(second.keys).toEqual([record.id]);
  });

  it('asks for persistent storage when the first photo is queued, not for every photo', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persist, persisted: () => Promise.resolve(false) },
    });
    try {
      await enqueueUpload(queuedPhoto());
      await enqueueUpload(queuedPhoto());
      await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
      await destroyDb();
      await enqueueUpload(queuedPhoto());
      await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(2));
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  it('tells a waiting caller the project id, or the sentence of a refusal', async () => {
    const good = await enqueueUpload(queuedPhoto(), 1);
    const bad = await enqueueUpload(queuedPhoto(), 2);
    const created = waitForUpload(good.id);
    const refused = waitForUpload(bad.id).catch((e: Error) => e.message);
    await flushUploads(
      scripted({ kind: 'created', projectId: 'p-good' }, { kind: 'refused', message: 'Too small.' }),
    );
    await expect(created).resolves.toBe('p-good');
    expect(await refused).toBe('Too small.');
  });

  it('resumes the queue when a photo gets through after a 401', async () => {
    const record = await enqueueUpload(queuedPhoto());
    await flushUploads(scripted({ kind: 'auth' }));
    const resumed = vi.fn();
    const stop = onUnblocked(resumed);
    await settleUpload({ ...record, attempts: 1 }, { kind: 'created', projectId: 'p1' });
    stop();
    expect(isBlocked()).toBeNull();
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it('does not send again for a flush asked during the one that met a 401', async () => {
    await enqueueUpload(queuedPhoto());
    let release: () => void = () => undefined;
    const keys: string[] = [];
    const send: Sender = (r) => {
      keys.push(r.id);
      return new Promise<SendResult>((resolve) => (release = () => resolve({ kind: 'auth' })));
    };
    const first = flushUploads(send, undefined, Date.now, true);
    await vi.waitFor(() => expect(keys).toHaveLength(1));
    const second = flushUploads(send, undefined, Date.now, true); // e.g. the service worker's sync message
    release();
    await Promise.all([first, second]);
    expect(keys).toHaveLength(1);
    expect(isBlocked()).toBe('auth');
  });

  it('forgets every photo of a deleted account, and whoever waited hears they were discarded', async () => {
    const a = await enqueueUpload(queuedPhoto(), 1);
    await enqueueUpload(queuedPhoto(), 2);
    await flushUploads(scripted({ kind: 'auth' }));
    // Listened to before the clear, as the workspace does: the rejection is never left unhandled.
    const heard = expect(waitForUpload(a.id)).rejects.toThrow('The photo was removed from the upload queue.');
    await clearUploads(olive.id);
    expect(await listUploads()).toEqual([]);
    await heard;
  });
});
