import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@shared/api';
import { signUp } from '../testing/auth-helpers';
import { CookieJar } from '../testing/cookie-jar';
import { concretePath, streamOf } from '../testing/routes';
import { storedState, type StoredState } from '../testing/stored-state';
import { useTestApp } from '../testing/use-test-app';

/** Every route of the shared registry that reads a small body (uploads and the raw webhook have their own limits). */
const JSON_ROUTES = API_ROUTES.filter((r) => r.method !== 'get' && !r.request?.multipart && !r.request?.raw);
const RAW_ROUTES = API_ROUTES.filter((r) => r.request?.raw);
const LIMIT = 64 * 1024;
const oversize = JSON.stringify({ email: 'a@b.co', password: 'x', pad: 'x'.repeat(LIMIT) });

const bodies: Record<string, () => { headers: Record<string, string>; body: BodyInit }> = {
  json: () => ({ headers: { 'Content-Type': 'application/json' }, body: oversize }),
  form: () => ({
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `pad=${'x'.repeat(LIMIT + 1)}`,
  }),
  'plain text': () => ({ headers: { 'Content-Type': 'text/plain' }, body: oversize }),
  'untyped bytes': () => ({ headers: {}, body: new Uint8Array(LIMIT + 1) }),
  'streamed JSON (no Content-Length)': () => ({
    headers: { 'Content-Type': 'application/json' },
    body: streamOf(Buffer.from(oversize)),
  }),
  'streamed text (no Content-Length)': () => ({
    headers: { 'Content-Type': 'text/plain' },
    body: streamOf(Buffer.alloc(4 * LIMIT, 0x41)),
  }),
};

describe('oversize bodies on every route that reads one', () => {
  const t = useTestApp();
  let signedIn: CookieJar;
  let before: StoredState;

  beforeAll(async () => {
    signedIn = (await signUp(t.url)).jar;
    before = await storedState(t);
  });

  it('knows the routes from the registry', () => {
    expect(JSON_ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['post /api/auth/login', 'put /api/user/preferences', 'post /api/contact']),
    );
    expect(RAW_ROUTES.map((r) => r.path)).toEqual(['/api/stripe/webhook']);
  });

  it.each(JSON_ROUTES.map((r) => [r.method.toUpperCase(), r.path]))(
    '%s %s answers 413 with a sentence, for visitors and signed-in users, whatever the body type',
    async (method, path) => {
      for (const [who, jar] of [
        ['visitor', new CookieJar()],
        ['signed in', signedIn],
      ] as const) {
        for (const [kind, make] of Object.entries(bodies)) {
          const res = await jar.fetch(`${t.url}${concretePath(path)}`, {
            method,
            ...make(),
            duplex: 'half',
          } as RequestInit);
          const what = `${method} ${path} ${who} ${kind}`;
          expect(res.status, what).toBe(413);
          expect(((await res.json()) as { message: string }).message, what).toBe('The request is too large.');
        }
      }
    },
  );

  it('reads bodies up to the limit (a 60 KB login is judged on its content)', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(60 * 1024) }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('validation_error');
  });

  it('answers 413 to a webhook body over 1 MB, before looking at its signature', async () => {
    for (const route of RAW_ROUTES) {
      const res = await fetch(`${t.url}${route.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
        body: streamOf(Buffer.alloc(4 * 1024 * 1024, 0x20)),
        duplex: 'half',
      } as RequestInit);
      expect(res.status, route.path).toBe(413);
    }
  });

  it('counts compressed bodies after inflating them, and answers a corrupt or unknown encoding with a 4xx', async () => {
    const send = (encoding: string, body: Buffer) =>
      fetch(`${t.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: new Uint8Array(body),
      });
    // 10 MB of JSON whitespace in 10 KB of gzip.
    const bomb = await send('gzip', gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20)));
    expect(bomb.status).toBe(413);
    for (const [encoding, status] of [
      ['gzip', 400],
      ['br', 400],
      ['x-unknown', 415],
    ] as const) {
      const res = await send(encoding, Buffer.from('{"email":"a@b.co"}'));
      expect(res.status, encoding).toBe(status);
      expect(((await res.json()) as { message: string }).message, encoding).toMatch(/^[A-Z].{10,}\.$/);
    }
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  });

  it('changed nothing anywhere', async () => {
    expect(await storedState(t)).toEqual(before);
  });
});
