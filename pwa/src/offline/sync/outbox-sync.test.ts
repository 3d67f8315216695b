import { afterEach, describe, expect, it, vi } from 'vitest';
import { destroyDb } from '../db';
import { enqueueRequest, listOutboxItems, retryDelayMs, type OutboxReport } from '../outbox';
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
