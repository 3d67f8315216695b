import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiJson, apiJsonOrNullOn401, apiRequest, NetworkError } from './api-client';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

afterEach(() => fetchMock.mockReset());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  it('sends cookies, JSON bodies with a JSON content type, and FormData as is', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await apiRequest('/api/x', { body: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');

    const form = new FormData();
    form.append('name', 'room');
    await apiRequest('/api/y', { body: form });
    const [, init2] = fetchMock.mock.calls[1]!;
    expect(init2!.body).toBe(form);
    expect((init2!.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws the server sentence from { error, message }', async () => {
    fetchMock.mockResolvedValue(
      json(402, { error: 'needs_subscription', message: 'Upgrade', needsSubscription: true }),
    );
    const err = await apiRequest('/api/projects', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 402, code: 'needs_subscription', message: 'Upgrade' });
  });

  it('falls back to "status: body text", then the status text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('upstream broke', { status: 502 }));
    await expect(apiRequest('/api/a')).rejects.toThrow('502: upstream broke');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('/api/a')).rejects.toThrow('503: Service Unavailable');
  });

  it('turns a failed fetch into a NetworkError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/a')).rejects.toBeInstanceOf(NetworkError);
  });

  it('parses answers with the schema and refuses unexpected shapes', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { n: 1 }));
    await expect(apiJson('/api/n', z.object({ n: z.number() }))).resolves.toEqual({ n: 1 });
    fetchMock.mockResolvedValueOnce(json(200, { n: 'one' }));
    await expect(apiJson('/api/n', z.object({ n: z.number() }))).rejects.toThrow();
  });

  it('gives null on 401 or a non-JSON answer when asked to', async () => {
    const schema = z.object({ id: z.string() });
    fetchMock.mockResolvedValueOnce(json(401, { error: 'unauthorized', message: 'Sign in' }));
    await expect(apiJsonOrNullOn401('/api/auth/user', schema)).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(new Response('<html></html>', { status: 200 }));
    await expect(apiJsonOrNullOn401('/api/auth/user', schema)).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(json(500, { error: 'internal_error', message: 'Oops' }));
    await expect(apiJsonOrNullOn401('/api/auth/user', schema)).rejects.toThrow('Oops');
  });
});
