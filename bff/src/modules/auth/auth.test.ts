import { describe, expect, it, vi } from 'vitest';
import { signUp, json } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { signUpToken } from '../../testing/mailboxes';
import { withTestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

describe('email sign-in and sessions over real HTTP', () => {
  const t = useTestApp({ env: { SESSION_ABSOLUTE_DAYS: '1' } });
  const api = (path: string) => `${t.url}/api${path}`;

  it('registers, and the mailed link sets an httpOnly SameSite=Lax session cookie and the readable hint', async () => {
    const jar = new CookieJar();
    const registered = await jar.fetch(
      api('/auth/register'),
      json(
        { email: 'Ana@Example.com', password: 'sunny room 7', firstName: 'Ana', lastName: 'Lima' },
        { method: 'POST' },
      ),
    );
    expect(registered.status).toBe(202);
    expect(registered.headers.getSetCookie()).toEqual([]);
    const token = await signUpToken(t.url, 'ana@example.com');
    const res = await jar.fetch(
      api('/auth/register/confirm'),
      json({ token, password: 'sunny room 7' }, { method: 'POST' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: 'ana@example.com',
      username: 'Ana Lima',
      firstName: 'Ana',
      plan: 'free',
      profileImageUrl: null,
    });
    const setCookies = res.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/stagely\.sid=[^;]+;.*httponly/i);
    expect(setCookies).toMatch(/stagely\.sid=[^;]+;.*samesite=lax/i);
    expect(setCookies).not.toMatch(/secure/i);
    expect(setCookies).toMatch(/stagely_auth=1/);
    expect(setCookies).not.toMatch(/stagely_auth=1[^\n]*httponly/i);
    const me = await jar.fetch(api('/auth/user'));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('ana@example.com');
  });

  it('answers 401 to visitors and clears a stale hint', async () => {
    const res = await fetch(api('/auth/user'), { headers: { Cookie: 'stagely_auth=1' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized', message: 'You are not signed in.' });
    expect(res.headers.getSetCookie().join()).toMatch(/stagely_auth=;/);
  });

  it('refuses a weak password and a bad email with sentences; a taken email is not refused', async () => {
    const { email } = await signUp(t.url);
    const taken = await fetch(
      api('/auth/register'),
      json({ email, password: 'another pass 9' }, { method: 'POST' }),
    );
    expect(taken.status).toBe(202);
    expect(((await taken.json()) as { message: string }).message).toMatch(/Check your email/);
    const weak = await fetch(
      api('/auth/register'),
      json({ email: 'weak@example.com', password: 'password' }, { method: 'POST' }),
    );
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toMatch(/stronger password/);
    const short = await fetch(
      api('/auth/register'),
      json({ email: 'short@example.com', password: 'a1' }, { method: 'POST' }),
    );
    expect(((await short.json()) as { message: string }).message).toMatch(/at least 8 characters/);
    const bad = await fetch(
      api('/auth/register'),
      json({ email: 'not-an-email', password: 'sunny room 7' }, { method: 'POST' }),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/valid email/);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const { email } = await signUp(t.url);
    const wrong = await fetch(
      api('/auth/login'),
      json({ email, password: 'not the password 1' }, { method: 'POST' }),
    );
    const unknown = await fetch(
      api('/auth/login'),
      json({ email: 'nobody@example.com', password: 'not the password 1' }, { method: 'POST' }),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('issues a new session id at login and the old one stops working', async () => {
    const { jar, email, password } = await signUp(t.url);
    const before = jar.clone();
    const login = await jar.fetch(api('/auth/login'), json({ email, password }, { method: 'POST' }));
    expect(login.status).toBe(200);
    const setCookies = login.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/stagely\.sid=[^;]+;[^\n]*samesite=lax[^\n]*httponly/i);
    expect(setCookies).toMatch(/stagely_auth=1/);
    expect(jar.get('stagely.sid')).not.toBe(before.get('stagely.sid'));
    const me = await jar.fetch(api('/auth/user'));
    expect(me.status).toBe(200);
    // Each answer renews the hint, so it never expires before the (renewed) session does.
    expect(me.headers.getSetCookie().join()).toMatch(/stagely_auth=1; path=\/; expires=/);
    expect((await before.fetch(api('/auth/user'))).status).toBe(401);
  });

  it('destroys the session at logout: the old cookie gets 401', async () => {
    const { jar } = await signUp(t.url);
    const old = jar.clone();
    const out = await jar.fetch(api('/auth/logout'), { method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/stagely_auth=;/);
    expect((await old.fetch(api('/auth/user'))).status).toBe(401);
  });

  it('expires idle sessions and sessions past the absolute lifetime', async () => {
    const idle = await signUp(t.url);
    await t.deps.store.collections.sessions.updateMany(
      { userId: idle.user.id },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect((await idle.jar.fetch(api('/auth/user'))).status).toBe(401);

    const old = await signUp(t.url);
    const twoDaysAgo = Date.now() - 2 * 24 * 3600_000;
    await t.deps.store.collections.sessions.updateMany(
      { userId: old.user.id },
      { $set: { 'data.createdAt': twoDaysAgo } },
    );
    expect((await old.jar.fetch(api('/auth/user'))).status).toBe(401);
    // The refused session is also deleted from the store, not just ignored.
    await vi.waitFor(async () =>
      expect(await t.deps.store.collections.sessions.countDocuments({ userId: old.user.id })).toBe(0),
    );
  });

  it('rate-limits login per email with 429 and Retry-After', async () => {
    const { email } = await signUp(t.url);
    const attempts = [];
    for (let i = 0; i < 11; i++)
      attempts.push(
        await fetch(api('/auth/login'), json({ email, password: `wrong guess ${i}` }, { method: 'POST' })),
      );
    const last = attempts[attempts.length - 1]!;
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last.json()) as { message: string }).message).toMatch(/Too many sign-in attempts/);
  });

  it('refuses a login posted from another origin', async () => {
    const res = await fetch(
      api('/auth/login'),
      json(
        { email: 'a@b.co', password: 'x' },
        { method: 'POST', headers: { Origin: 'https://evil.example' } },
      ),
    );
    expect(res.status).toBe(403);
  });

  it('lists no OAuth provider by default and sends the sign-in button to the email form', async () => {
    expect(await (await fetch(api('/auth/providers'))).json()).toEqual({ providers: [], email: true });
    const res = await fetch(api('/auth/login'), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?signin=email');
  });
});

describe('session cookie behind an HTTPS proxy', () => {
  it('is Secure when TRUST_PROXY is on and the proxy says https', async () => {
    await withTestApp({ TRUST_PROXY: 'true' }, async (t) => {
      const proxied = { 'X-Forwarded-Proto': 'https' };
      const registered = await fetch(
        `${t.url}/api/auth/register`,
        json({ email: 'tls@example.com', password: 'sunny room 7' }, { method: 'POST', headers: proxied }),
      );
      expect(registered.status).toBe(202);
      const token = await signUpToken(t.url, 'tls@example.com');
      const res = await fetch(
        `${t.url}/api/auth/register/confirm`,
        json({ token, password: 'sunny room 7' }, { method: 'POST', headers: proxied }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().join('\n')).toMatch(/stagely\.sid=[^;]+;.*secure/i);
    });
  });
});

describe('sign-in rate limits per IP and per account', () => {
  const t = useTestApp({
    env: {
      LOGIN_ATTEMPTS_PER_IP: '7',
      LOGIN_FAILURES_PER_EMAIL: '3',
      REGISTRATIONS_PER_IP: '2',
    },
  });
  const login = (email: string, password: string) =>
    fetch(`${t.url}/api/auth/login`, json({ email, password }, { method: 'POST' }));

  it('counts only failures against an account, then locks it even for the right password', async () => {
    const { email, password } = await signUp(t.url);
    expect((await login(email, 'wrong guess 1')).status).toBe(401);
    expect((await login(email, 'wrong guess 2')).status).toBe(401);
    expect((await login(email, password)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(email, `wrong again ${i}`)).status).toBe(401);
    const locked = await login(email, password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await locked.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('limits attempts per IP across different emails', async () => {
    // Seven attempts already came from this IP in the test above.
    const res = await login('someone-else@example.com', 'any guess 1');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits new accounts per IP', async () => {
    // One registration already came from this IP in the first test.
    await signUp(t.url);
    const third = await fetch(
      `${t.url}/api/auth/register`,
      json({ email: 'third@example.com', password: 'sunny room 7' }, { method: 'POST' }),
    );
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await third.json()) as { message: string }).message).toMatch(/Too many new accounts/);
  });
});
