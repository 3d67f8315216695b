import { writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../testing/auth-helpers';
import { CookieJar } from '../testing/cookie-jar';
import { signUpToken } from '../testing/mailboxes';
import { withTestApp, type TestApp } from '../testing/test-app';
import { useTestApp } from '../testing/use-test-app';
import { userWithData, type UserWithData } from '../testing/user-data';

/** The CSP as directive -> sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectLockedDown(res: Response, what: string): void {
  const policy = csp(res);
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scripts, what).toContain("'self'");
  for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'blob:', 'http:', 'https:'])
    expect(scripts, `${what}: script-src ${loose}`).not.toContain(loose);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('form-action'), what).toEqual(["'self'"]);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

const setCookie = (res: Response, name: string) =>
  res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? '';

/** Signs up and opens the mailed link, whose answer starts the session (the one with the cookies). */
async function register(t: TestApp, headers: Record<string, string> = {}): Promise<Response> {
  const email = `h${Math.random().toString(36).slice(2)}@example.com`;
  await fetch(
    `${t.url}/api/auth/register`,
    json({ email, password: 'sunny room 7' }, { method: 'POST', headers }),
  );
  const token = await signUpToken(t.url, email);
  return fetch(
    `${t.url}/api/auth/register/confirm`,
    json({ token, password: 'sunny room 7' }, { method: 'POST', headers }),
  );
}

describe('security headers on every kind of answer (plain HTTP)', () => {
  const t = useTestApp();
  let owner: UserWithData;
  beforeAll(async () => {
    owner = await userWithData(t);
  });

  it('page, asset, API answer, API error, uploaded image, picture and download: CSP, nosniff, no HSTS', async () => {
    const p = `/api/projects/${owner.project.id}`;
    const urls = [
      '/',
      '/settings',
      '/assets/app-abc123.js',
      '/api/health',
      '/api/nope',
      p,
      `${p}/images/original`,
      `${p}/images/staged?variant=2`,
      `${p}/download`,
      owner.profileImageUrl,
    ];
    for (const url of urls) {
      const res = await owner.jar.fetch(`${t.url}${url}`);
      expect(res.status, url).toBe(url === '/api/nope' ? 404 : 200);
      expectLockedDown(res, url);
      expect(res.headers.get('strict-transport-security'), url).toBeNull();
    }
  });

  it('serves stored images as their own image type, never as something a browser would render as a page', async () => {
    const p = `/api/projects/${owner.project.id}`;
    for (const url of [`${p}/images/original`, `${p}/images/thumb`, `${p}/download`, owner.profileImageUrl]) {
      const res = await owner.jar.fetch(`${t.url}${url}`, { headers: { Accept: 'text/html' } });
      expect(res.headers.get('content-type'), url).toMatch(/^image\/(jpeg|webp)$/);
    }
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, host-only and not Secure over plain HTTP', async () => {
    const res = await register(t);
    expect(res.status).toBe(200);
    const sid = setCookie(res, 'stagely.sid');
    expect(sid).toMatch(/; httponly/i);
    expect(sid).toMatch(/; samesite=lax/i);
    expect(sid).toMatch(/; path=\//i);
    expect(sid).not.toMatch(/; (secure|domain=)/i);
    // The readable hint only says "signed in"; it carries no secret.
    expect(setCookie(res, 'stagely_auth')).toMatch(/^stagely_auth=1;/);
  });

  it('refuses a session cookie that was tampered with', async () => {
    const jar = new CookieJar();
    jar.store(await register(t));
    const genuine = await fetch(`${t.url}/api/auth/user`, { headers: { Cookie: jar.header() } });
    expect(genuine.status).toBe(200);
    const sid = jar.get('stagely.sid') ?? '';
    const forged = `stagely.sid=${sid.slice(0, -1)}${sid.endsWith('a') ? 'b' : 'a'}; stagely.sid.sig=${jar.get('stagely.sid.sig') ?? ''}`;
    const res = await fetch(`${t.url}/api/auth/user`, { headers: { Cookie: forged } });
    expect(res.status).toBe(401);
  });
});

/** A raw GET, so the path reaches the server exactly as written (fetch would resolve the dots). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('files outside the build', () => {
  it('are never served, however the path is spelled', async () => {
    await withTestApp({}, async (t) => {
      // A file right beside the build folder, as DATA_DIR or .env could be.
      await writeFile(path.join(t.deps.config.pwaDistDir, '..', 'secret.txt'), 'canary-4711');
      for (const p of [
        '/../secret.txt',
        '/..%2fsecret.txt',
        '/%2e%2e/secret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/assets/%2e%2e%5c%2e%2e%5csecret.txt',
        '/%2e%2e%2fsecret.txt',
      ]) {
        const res = await rawGet(t.url, p);
        expect(res.body, p).not.toContain('canary-4711');
        expect(res.status, p).toBeLessThan(500);
      }
    });
  });
});

describe('behind a reverse proxy', () => {
  it('with TRUST_PROXY and X-Forwarded-Proto https: HSTS for a year and Secure cookies', async () => {
    await withTestApp({ TRUST_PROXY: 'true' }, async (t) => {
      const page = await fetch(`${t.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
      const hsts = page.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
      expectLockedDown(page, 'page over https');
      const res = await register(t, { 'X-Forwarded-Proto': 'https' });
      expect(setCookie(res, 'stagely.sid')).toMatch(/; secure/i);
      expect(setCookie(res, 'stagely.sid')).toMatch(/; httponly/i);
      expect(setCookie(res, 'stagely_auth')).toMatch(/; secure/i);
      // The same proxy forwarding plain HTTP: no HSTS.
      const http = await fetch(`${t.url}/`, { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(http.headers.get('strict-transport-security')).toBeNull();
    });
  });

  it('without TRUST_PROXY a client claiming https gets neither HSTS nor Secure cookies (and sign-in still works)', async () => {
    await withTestApp({}, async (t) => {
      const page = await fetch(`${t.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(page.headers.get('strict-transport-security')).toBeNull();
      const res = await register(t, { 'X-Forwarded-Proto': 'https' });
      expect(res.status).toBe(200);
      expect(setCookie(res, 'stagely.sid')).not.toMatch(/; secure/i);
    });
  });
});
