import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadRecord } from '../db';
import { sendProjectUpload, sessionAccount } from './upload-sender';

const record: UploadRecord = {
  id: '4d2f6a0e-5b1c-4d8e-9f3a-2b7c1e0d9a88',
  status: 'sending',
  createdAt: 1,
  file: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  fileName: 'hall.jpg',
  fields: { name: 'hall - Bedroom', stagingMode: 'stage', roomType: 'bedroom' },
  attempts: 1,
  nextAttemptAt: 1,
  lastError: null,
  projectId: null,
  ownerId: 'u-ann',
  ownerName: 'ann@example.com',
};

const answer = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status })));
const error = (code: string, message: string) => ({ error: code, message });

describe('sendProjectUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the photo and its options with the record id as Idempotency-Key and the owner's account", async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'x', message: 'Please sign in.' }), { status: 401 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await sendProjectUpload(record);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/projects');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(record.id);
    expect((init.headers as Record<string, string>)['Stagely-Account']).toBe('u-ann');
    const form = init.body as FormData;
    expect((form.get('image') as File).name).toBe('hall.jpg');
    expect(form.get('roomType')).toBe('bedroom');

    // A record from before owners were kept sends no account (the server takes the session's).
    const { ownerId: _ownerId, ownerName: _ownerName, ...legacy } = record;
    await sendProjectUpload(legacy);
    const [, legacyInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(legacyInit.headers as Record<string, string>).not.toHaveProperty('Stagely-Account');
  });

  it('sorts every answer: sign-in, paywall, refusal with its sentence, or try again later', async () => {
    answer(401, error('unauthorized', 'Please sign in.'));
    expect(await sendProjectUpload(record)).toEqual({ kind: 'auth' });
    // Another account's session: the photo waits for its own account like after a 401.
    answer(409, error('account_mismatch', 'This photo was taken for another account.'));
    expect(await sendProjectUpload(record)).toEqual({ kind: 'auth' });
    answer(402, { ...error('needs_subscription', 'No credits left.'), needsSubscription: true });
    expect(await sendProjectUpload(record)).toEqual({ kind: 'payment' });
    answer(415, error('unsupported_image', 'This file is not a photo we can read.'));
    expect(await sendProjectUpload(record)).toEqual({
      kind: 'refused',
      message: 'This file is not a photo we can read.',
    });
    answer(409, error('idempotency_in_progress', 'Still running.'));
    expect(await sendProjectUpload(record)).toEqual({ kind: 'retry', message: 'Still running.' });
    answer(503, error('unavailable', 'Back soon.'));
    expect(await sendProjectUpload(record)).toEqual({ kind: 'retry', message: 'Back soon.' });
    answer(429, error('rate_limited', 'Slow down.'));
    expect((await sendProjectUpload(record)).kind).toBe('retry');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await sendProjectUpload(record)).toEqual({ kind: 'retry', message: 'Waiting for connection' });
  });
});

describe('sessionAccount', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the account of the session (the service worker asks before it sends), or none when signed out', async () => {
    const user = {
      id: 'u-ann',
      username: 'ann',
      email: 'ann@example.com',
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      plan: 'free',
    };
    answer(200, user);
    expect(await sessionAccount()).toEqual({ id: 'u-ann', name: 'ann@example.com' });
    answer(401, error('unauthorized', 'Please sign in.'));
    expect(await sessionAccount()).toBeNull();
    // Unreachable: it throws, so the browser retries the Background Sync later instead of sending blind.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sessionAccount()).rejects.toThrow();
  });
});
