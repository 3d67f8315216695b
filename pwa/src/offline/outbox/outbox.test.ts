import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { destroyDb } from '../db';
import {
  discardOutboxItem,
  getOutbox,
  enqueueRequest,
  flushOutbox,
  isTransientFailure,
  listOutboxItems,
  newId,
  retryDelayMs,
  subscribeOutbox,
  takeOutboxItem,
  type OutboxRecord,
} from '.';

const T0 = 1_700_000_000_000;
const contact = (subject: string) => ({
  kind: 'contact',
  path: '/api/contact',
  body: { name: 'Ana', email: 'ana@example.com', subject, message: 'Hi', category: 'general' },
  notice: { sentTitle: 'Message sent successfully!', failedTitle: 'Message not sent' },
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await destroyDb();
});

describe('the outbox of queued JSON requests', () => {
  it('classifies failures: network, 5xx, 429 and 408 are retried; other 4xx are final', () => {
    expect(isTransientFailure(new NetworkError(new TypeError('fetch failed')))).toBe(true);
    expect(isTransientFailure(new ApiError(503, 'unavailable', 'Down', null))).toBe(true);
    expect(isTransientFailure(new ApiError(429, 'rate_limited', 'Slow down', null))).toBe(true);
    expect(isTransientFailure(new ApiError(400, 'validation_error', 'Bad', null))).toBe(false);
    expect(isTransientFailure(new Error('bug'))).toBe(false);
  });

  it('makes UUIDs, with or without crypto.randomUUID (plain-HTTP LAN installs lack it)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newId()).toMatch(uuid);
    // Shadow the prototype's method on the instance, then remove the shadow again.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  it('backs off exponentially up to 30 minutes', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2000, 4000, 8000]);
    expect(retryDelayMs(50)).toBe(5 * 60_000);
  });

  it('sends due items in order with their id as Idempotency-Key and removes them once confirmed', async () => {
    const a = await enqueueRequest(contact('first'), T0);
    const b = await enqueueRequest(contact('second'), T0 + 1);
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"ok":true}', { status: 201 })));
    vi.stubGlobal('fetch', fetchMock);

    const report = await flushOutbox({ ignoreBackoff: true, now: T0 + 10 });
    expect(report.sent.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(await listOutboxItems()).toEqual([]);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['/api/contact', '/api/contact']);
    const [, init] = calls[0]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(a.id);
    expect(JSON.parse(init.body as string)).toMatchObject({ subject: 'first' });
  });

  it('waits for the backoff unless told to ignore it', async () => {
    const item = await enqueueRequest(contact('later'), T0);
    const send = vi.fn(() => Promise.resolve());
    const early = await flushOutbox({ send, now: T0 + 1000 });
    expect(send).not.toHaveBeenCalled();
    expect(early.waiting.map((r) => r.id)).toEqual([item.id]);
    const due = await flushOutbox({ send, now: T0 + retryDelayMs(1) });
    expect(due.sent.map((r) => r.id)).toEqual([item.id]);
  });

  it('keeps items on a network error, stops the round, and counts the attempt', async () => {
    const a = await enqueueRequest(contact('one'), T0);
    const b = await enqueueRequest(contact('two'), T0 + 1);
    const send = vi.fn(() => Promise.reject(new NetworkError(new TypeError('Failed to fetch'))));
    const report = await flushOutbox({ send, ignoreBackoff: true, now: T0 + 5 });
    expect(send).toHaveBeenCalledTimes(1);
    expect(report.waiting.map((r) => r.id)).toEqual([a.id, b.id]);
    const stored = await getOutbox(a.id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: T0 + 5 + retryDelayMs(2) });
    expect(stored?.lastError).toMatch(/offline/i);
    expect(await getOutbox(b.id)).toMatchObject({ attempts: 1 });
  });

  it('keeps an item on a 5xx and goes on with the next one', async () => {
    const a = await enqueueRequest(contact('one'), T0);
    const b = await enqueueRequest(contact('two'), T0 + 1);
    const send = vi.fn((r: OutboxRecord) =>
      r.id === a.id
        ? Promise.reject(new ApiError(503, 'unavailable', 'Try later.', null))
        : Promise.resolve(),
    );
    const report = await flushOutbox({ send, ignoreBackoff: true, now: T0 });
    expect(report.sent.map((r) => r.id)).toEqual([b.id]);
    expect(report.waiting.map((r) => r.id)).toEqual([a.id]);
    expect(await listOutboxItems('contact')).toHaveLength(1);
  });

  it("marks an item failed with the server's sentence on a final 4xx and never sends it again", async () => {
    const a = await enqueueRequest(contact('bad'), T0);
    const refuse = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'validation_error', 'email: Please enter a valid email address.', null),
      ),
    );
    const report = await flushOutbox({ send: refuse, ignoreBackoff: true });
    expect(report.failed.map((r) => r.lastError)).toEqual(['email: Please enter a valid email address.']);
    const again = vi.fn(() => Promise.resolve());
    await flushOutbox({ send: again, ignoreBackoff: true });
    expect(again).not.toHaveBeenCalled();
    expect(await getOutbox(a.id)).toMatchObject({ status: 'failed' });
    expect(await takeOutboxItem(a.id)).toMatchObject({ body: { subject: 'bad' } });
    expect(await listOutboxItems()).toEqual([]);
  });

  it('runs one flush at a time and tells subscribers about changes', async () => {
    await enqueueRequest(contact('once'), T0);
    const changes = vi.fn();
    const stop = subscribeOutbox(changes);
    let release!: () => void;
    const send = vi.fn(() => new Promise<void>((r) => (release = r)));
    const first = flushOutbox({ send, ignoreBackoff: true });
    const second = flushOutbox({ send, ignoreBackoff: true });
    expect(second).toBe(first);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    release();
    expect((await first).sent).toHaveLength(1);
    expect(changes).toHaveBeenCalled();
    const item = await enqueueRequest(contact('discard me'), T0);
    changes.mockClear();
    await discardOutboxItem(item.id);
    expect(changes).toHaveBeenCalledTimes(1);
    stop();
  });
});
