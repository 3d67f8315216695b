import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PASSWORD_RESET_SENT, RESET_LINK_INVALID } from '@shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../store';
import { json, signUp } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { linkIn, parseMail } from '../../testing/mime';
import { SmtpSink } from '../../testing/smtp-sink';
import { withTestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { RESET_LIMITS, TOO_MANY_RESETS } from './password-reset.service';

const NEW_PASSWORD = 'brand new 99';
let ipCounter = 0;
/** Each call from its own X-Forwarded-For address unless one is given, so per-network limits stay apart. */
const fromIp = (ip = `10.9.0.${++ipCounter}`) => ({ 'X-Forwarded-For': ip });

describe('password reset over real HTTP, mail through a loopback SMTP server', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const t = useTestApp({ env: () => ({ SMTP_URL: sink.url, TRUST_PROXY: 'true' }) });
  const api = (p: string) => `${t.url}/api${p}`;
  const requestReset = (email: string, headers: Record<string, string> = fromIp()) =>
    fetch(api('/auth/password-reset'), json({ email }, { method: 'POST', headers }));
  const confirm = (token: string, password: string, jar = new CookieJar()) =>
    jar.fetch(
      api('/auth/password-reset/confirm'),
      json({ token, password }, { method: 'POST', headers: fromIp() }),
    );
  const resetMailTo = (email: string) =>
    sink.waitFor((m) => m.rcptTo.includes(email) && /reset/i.test(m.subject));
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

  it('mails a single-use link; the new password signs in, ends every old session, and the old password fails', async () => {
    const ana = await signUp(t.url);
    const res = await requestReset(ana.email.toUpperCase());
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: PASSWORD_RESET_SENT });

    const mail = await resetMailTo(ana.email);
    expect(mail.subject).toBe('Reset your Stagely password');
    const link = linkIn(mail, '/reset-password?token=');
    expect(new URL(link).origin).toBe(t.url);
    expect(mail.html).toContain(link);
    expect(mail.text).toContain('expires in 1 hour');
    const token = tokenOf(link);
    // Only the token's digest is stored.
    const stored = await t.deps.store.collections.passwordResets.find({});
    expect(stored.map((d) => d._id)).toContain(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const fresh = new CookieJar();
    const done = await confirm(token, NEW_PASSWORD, fresh);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ email: ana.email });
    expect((await fresh.fetch(api('/auth/user'))).status).toBe(200);
    expect((await ana.jar.fetch(api('/auth/user'))).status).toBe(401);

    const login = (password: string) =>
      fetch(api('/auth/login'), json({ email: ana.email, password }, { method: 'POST', headers: fromIp() }));
    expect((await login(ana.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);

    const again = await confirm(token, 'another one 42');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_reset_link', message: RESET_LINK_INVALID });
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const known = await signUp(t.url);
    const a = await requestReset(known.email);
    const b = await requestReset('nobody-here@example.com');
    expect(b.status).toBe(a.status);
    expect(await b.json()).toEqual(await a.json());
    await resetMailTo(known.email);
    await t.deps.mail.flush();
    expect(sink.to('nobody-here@example.com')).toEqual([]);
  });

  it('refuses a weak password without using the link up, and refuses an expired or unknown link', async () => {
    const bo = await signUp(t.url);
    await requestReset(bo.email);
    const token = tokenOf(linkIn(await resetMailTo(bo.email), '/reset-password?token='));
    const weak = await confirm(token, 'abcdefghij');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ error: 'weak_password' });
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);

    const unknown = await confirm('not-a-real-token', NEW_PASSWORD);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_reset_link', message: RESET_LINK_INVALID });

    // A link made 61 minutes ago.
    const expiredToken = 'expired-token-for-this-test';
    const past = createRepositories(t.deps.store, () => new Date(Date.now() - 61 * 60_000));
    const digest = createHash('sha256').update(expiredToken).digest('base64url');
    await past.passwordResets.create(digest, bo.user.id, 60 * 60_000);
    const expired = await confirm(expiredToken, NEW_PASSWORD);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: 'invalid_reset_link' });
  });

  it('checks a link without using it up: usable until used, then not; expired and unknown ones are not', async () => {
    const cy = await signUp(t.url);
    const check = async (token: string) => {
      const res = await fetch(api('/auth/password-reset/check'), json({ token }, { method: 'POST' }));
      expect(res.status).toBe(200);
      return ((await res.json()) as { valid: boolean }).valid;
    };
    await requestReset(cy.email);
    const token = tokenOf(linkIn(await resetMailTo(cy.email), '/reset-password?token='));
    expect(await check(token)).toBe(true);
    // Asking twice changes nothing: the link still sets the password.
    expect(await check(token)).toBe(true);
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);
    expect(await check(token)).toBe(false);
    expect(await check('not-a-real-token')).toBe(false);

    const expiredToken = 'expired-token-for-the-check';
    const past = createRepositories(t.deps.store, () => new Date(Date.now() - 61 * 60_000));
    await past.passwordResets.create(
      createHash('sha256').update(expiredToken).digest('base64url'),
      cy.user.id,
      60 * 60_000,
    );
    expect(await check(expiredToken)).toBe(false);

    const empty = await fetch(api('/auth/password-reset/check'), json({ token: '' }, { method: 'POST' }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'validation_error' });
  });

  it('tells an account without a password to sign in with its provider, and makes no link', async () => {
    const user = await t.deps.repos.users.create({
      email: 'oauth-only@example.com',
      username: 'OAuth Only',
      firstName: null,
      lastName: null,
    });
    await t.deps.repos.users.addIdentity(user._id, { provider: 'github', subject: '7' });
    const res = await requestReset(user.email);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: PASSWORD_RESET_SENT });
    const mail = await sink.waitFor((m) => m.rcptTo.includes(user.email));
    expect(mail.subject).toBe('How you sign in to Stagely');
    expect(mail.text).toContain('This account has no password: you sign in with github.');
    expect(mail.text).not.toContain('reset-password');
    expect(await t.deps.store.collections.passwordResets.countDocuments({ userId: user._id })).toBe(0);
  });

  it(`limits requests per address (${RESET_LIMITS.perEmail.max} an hour) and per network (${RESET_LIMITS.perIp.max}), with 429 and Retry-After`, async () => {
    const email = 'often@example.com';
    for (let i = 0; i < RESET_LIMITS.perEmail.max; i++) expect((await requestReset(email)).status).toBe(202);
    const perAddress = await requestReset(email);
    expect(perAddress.status).toBe(429);
    expect(Number(perAddress.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await perAddress.json()).toEqual({ error: 'rate_limited', message: TOO_MANY_RESETS });

    const ip = fromIp('192.0.2.200');
    for (let i = 0; i < RESET_LIMITS.perIp.max; i++)
      expect((await requestReset(`spray${i}@example.com`, ip)).status).toBe(202);
    const perNetwork = await requestReset('spray-last@example.com', ip);
    expect(perNetwork.status).toBe(429);
    expect(Number(perNetwork.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await requestReset('spray-last@example.com')).status).toBe(202);
  });

  it('answers 202 at once while the mail server refuses, and the mail arrives once it is back', async () => {
    const cy = await signUp(t.url);
    sink.mode = 'refuse';
    try {
      const before = sink.connections;
      const res = await requestReset(cy.email);
      expect(res.status).toBe(202);
      // Wait for a refused attempt, so the mail really had to be retried.
      for (let i = 0; i < 200 && sink.connections === before; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(sink.connections).toBeGreaterThan(before);
      expect(sink.to(cy.email)).toEqual([]);
    } finally {
      sink.mode = 'accept';
    }
    const mail = await resetMailTo(cy.email);
    expect((await confirm(tokenOf(linkIn(mail, '/reset-password?token=')), NEW_PASSWORD)).status).toBe(200);
  });
});

describe('password reset with no mail server configured', () => {
  it('writes the mail as an .eml file under DATA_DIR/mail, and its link works', async () => {
    await withTestApp({}, async (t) => {
      const dee = await signUp(t.url);
      const res = await fetch(
        `${t.url}/api/auth/password-reset`,
        json({ email: dee.email }, { method: 'POST' }),
      );
      expect(res.status).toBe(202);
      await t.deps.mail.flush();
      const dir = path.join(t.deps.config.dataDir, 'mail');
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = parseMail(await readFile(path.join(dir, files[0]!), 'utf8'));
      expect(mail.to).toBe(dee.email);
      const token = new URL(linkIn(mail, '/reset-password?token=')).searchParams.get('token');
      const jar = new CookieJar();
      const done = await jar.fetch(
        `${t.url}/api/auth/password-reset/confirm`,
        json({ token, password: NEW_PASSWORD }, { method: 'POST' }),
      );
      expect(done.status).toBe(200);
      expect((await jar.fetch(`${t.url}/api/auth/user`)).status).toBe(200);
    });
  });
});
