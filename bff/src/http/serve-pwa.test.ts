import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app';

const LANDING_MARKUP = '<div id="root"><h1>Prerendered landing</h1></div>';

describe('serving the landing page rendered at build time', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await writeFile(
      path.join(t.deps.config.pwaDistDir, 'landing.html'),
      `<!doctype html><title>Stagely test</title>${LANDING_MARKUP}`,
    );
  });

  it('sends it for `/` to a visitor, and says the answer depends on the cookie', async () => {
    const res = await fetch(`${t.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(await res.text()).toContain(LANDING_MARKUP);
  });

  it('sends the empty app shell for `/` when the signed-in hint is there (no landing flash)', async () => {
    const res = await fetch(`${t.url}/`, { headers: { Cookie: 'other=1; stagely_auth=1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('Prerendered landing');
  });

  it('never sends it for other routes, to visitors either', async () => {
    for (const route of ['/app', '/help', '/s/unknown-token', '/index.html']) {
      const html = await (await fetch(`${t.url}${route}`)).text();
      expect(html, route).toContain('<div id="root"></div>');
    }
  });
});
