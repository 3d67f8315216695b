import { describe, expect, it } from 'vitest';
import { healthDetails } from './testing/health';
import { SELF_ISSUED_NOTE } from './images';
import { withTestApp } from './testing/test-app';
import { useTestApp } from './testing/use-test-app';

describe('app skeleton over real HTTP', () => {
  const t = useTestApp();

  it('GET /api/health tells anyone only that it is up and ready', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', ready: true });
    const wrong = await fetch(`${t.url}/api/health`, {
      headers: { Authorization: 'Bearer not-the-token-at-all' },
    });
    expect(await wrong.json()).toEqual({ status: 'ok', ready: true });
  });

  it('GET /api/health with the operator token reports store kind, engine kind and model, version and disk', async () => {
    const { status, health } = await healthDetails(t.url);
    expect(status).toBe(200);
    expect(health).toEqual({
      status: 'ok',
      store: 'nedb',
      engine: 'preview',
      model: null,
      upscaler: null,
      // The tests' app stages without drafts (STAGING_DRAFT=false): no first look to name.
      draft: null,
      version: '0.0.0',
      ready: true,
      disk: { freeBytes: expect.any(Number) as number, low: false },
      links: { origin: t.url, localOnly: false, note: null },
      // No C2PA_CERT: altered images are signed with a certificate made for this server alone.
      provenance: { signer: 'self-issued', note: SELF_ISSUED_NOTE },
      // The preview engine calls no provider, so it has no model to watch.
      models: [],
    });
  });

  it('answers unknown /api paths with a JSON 404 in the error format', async () => {
    const res = await fetch(`${t.url}/api/nope/nothing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      error: 'not_found',
      message: 'There is no API endpoint at this address.',
    });
  });

  it('refuses malformed JSON with a 400 sentence, not a stack trace', async () => {
    const res = await fetch(`${t.url}/api/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"broken": ',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.message).not.toMatch(/at .*\.ts|SyntaxError/);
  });

  it('refuses an oversize JSON body with 413', async () => {
    const res = await fetch(`${t.url}/api/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: 'The request is too large.' });
  });

  it('refuses unsafe requests from another origin', async () => {
    const res = await fetch(`${t.url}/api/health`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'cross_origin',
      message: 'Requests from other sites are not allowed.',
    });
    const sameOrigin = await fetch(`${t.url}/api/health`, { method: 'POST', headers: { Origin: t.url } });
    expect(sameOrigin.status).not.toBe(403);
  });

  it('sends security headers: CSP without inline script, nosniff, frame-ancestors; no HSTS over plain HTTP', async () => {
    const res = await fetch(`${t.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS when behind an HTTPS proxy that is trusted', async () => {
    await withTestApp({ TRUST_PROXY: 'true' }, async (proxied) => {
      const res = await fetch(`${proxied.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    });
  });

  it('serves the PWA: hashed assets cached for a year, app routes fall back to index.html', async () => {
    const asset = await fetch(`${t.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    for (const route of ['/', '/settings', '/some/unknown/page']) {
      const res = await fetch(`${t.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const missing = await fetch(`${t.url}/assets/missing-123.js`);
    expect(missing.status).toBe(404);
  });

  it('opens the app with a notice when shared photos reach the server instead of the service worker', async () => {
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(200_000)], { type: 'image/jpeg' }), 'porch.jpg');
    const res = await fetch(`${t.url}/share-target`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app?shared=unavailable');
    // The server keeps serving on the same connection pool afterwards.
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  });
});
