import { afterEach, describe, expect, it, vi } from 'vitest';
import { destroyDb } from '../db';
import { enqueueRequest, listOutboxItems, putOutbox, retryDelayMs, type OutboxReport } from '../outbox';
import { publishUploadEvent } from '../uploads';
import { startOutboxSync } from '.';

describe('the outbox in a tab', () => {
  let stop = () => undefined as void;
  afterEach(async () => {
    stop();
    vi.unstubAllGlobals();
    await destroyDb();
  });

  it('sends a message queued by another tab once it is due, with no online event, and announces it', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"ok":true}', { status: 201 })));
    vi.stubGlobal('fetch', fetchMock);
    const reports: OutboxReport[] = [];
    stop = startOutboxSync({ announce: (r) => reports.push(r) });
    await vi.waitFor(() => expect(reports).toHaveLength(1)); // the start: nothing was waiting
    const notice = { sentTitle: 'Message sent successfully!', failedTitle: 'Message not sent' };
    // Queued elsewhere a while ago (that tab went offline, then closed): due now.
    const queued = await enqueueRequest(
      { kind: 'contact', path: '/api/contact', body: { subject: 'Hi' }, notice },
      Date.now() - retryDelayMs(1),
    );
    await vi.waitFor(() => expect(reports.at(-1)?.sent.map((r) => r.id)).toEqual([queued.id]), {
      timeout: 5000,
    });
    expect(reports.at(-1)?.sent[0]?.notice).toEqual(notice);
    expect(await listOutboxItems()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('an edit queued while the server was unreachable', () => {
  let stop = () => undefined as void;
  afterEach(async () => {
    stop();
    vi.unstubAllGlobals();
    await destroyDb();
  });

  it('goes as soon as a queued photo reaches the server, not at its own retry time', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"versions":[]}', { status: 201 })));
    vi.stubGlobal('fetch', fetchMock);
    const reports: OutboxReport[] = [];
    stop = startOutboxSync({ announce: (r) => reports.push(r) });
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    // Its last try failed a moment ago and several before it: by its own backoff it waits minutes.
    const queued = await enqueueRequest({ kind: 'edit', path: '/api/projects/p1/edits', body: {} });
    await putOutbox({ ...queued, attempts: 6, nextAttemptAt: Date.now() + 5 * 60_000 });
    publishUploadEvent({ type: 'created', id: 'u1', projectId: 'p2' });
    await vi.waitFor(() => expect(reports.at(-1)?.sent.map((r) => r.id)).toEqual([queued.id]), {
      timeout: 3000,
    });
    expect(await listOutboxItems()).toEqual([]);
  });

  it('is retried within seconds, as a photo is', () => {
    expect(retryDelayMs(1)).toBeLessThanOrEqual(2000);
    expect(retryDelayMs(2)).toBeLessThanOrEqual(4000);
  });
});
