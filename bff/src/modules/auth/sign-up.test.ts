import {
  confirmEmailFirst,
  SIGN_UP_LINK_INVALID,
  SIGNED_IN_ELSEWHERE,
  signUpSent,
  type User,
} from '@shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUp } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { linkIn } from '../../testing/mime';
import { SmtpSink, type ReceivedMail } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/use-test-app';
import { INVALID_CREDENTIALS } from './auth.service';
import { digest } from './link-token';

const PASSWORD = 'sunny room 7';
let n = 0;
/** A fresh address as long as every other one here, so answers can be compared byte for byte. */
const address = () => `new${String(++n).padStart(3, '0')}-${Date.now()}@example.com`;

describe('sign-up that answers alike, mail through a loopback SMTP server', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const t = useTestApp({
    env: () => ({ SMTP_URL: sink.url, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }),
  });
  const api = (p: string) => `${t.url}/api${p}`;
  const register = (email: string, password = PASSWORD) =>
    fetch(api('/auth/register'), json({ email, password }, { method: 'POST' }));
  const confirm = (token: string, jar = new CookieJar(), password = PASSWORD, switchAccount?: boolean) =>
    jar.fetch(api('/auth/register/confirm'), json({ token, password, switchAccount }, { method: 'POST' }));
  const check = async (token: string) =>
    (await (await fetch(api('/auth/register/check'), json({ token }, { method: 'POST' }))).json()) as {
      state: string;
      email: string | null;
    };
  const login = (email: string, password: string) =>
    fetch(api('/auth/login'), json({ email, password }, { method: 'POST' }));
  const mailsTo = async (email: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> => {
    const match = (m: ReceivedMail) => m.rcptTo.includes(email) && subject.test(m.subject);
    await sink.waitFor(() => sink.received.filter(match).length >= count);
    return sink.received.filter(match);
  };
  const tokenOf = (mail: ReceivedMail) =>
    new URL(linkIn(mail, '/confirm-account?token=')).searchParams.get('token') ?? '';
  /** Status, headers but the date, and the body with the address written out in it taken away. */
  const answer = async (res: Response, email: string) => ({
    status: res.status,
    headers: [...res.headers].filter(([k]) => k !== 'date'),
    body: (await res.text()).replace(email, '<address>'),
  });

  it('answers a new and a taken address alike, with no session; the owner is mailed and the account is unchanged', async () => {
    const owner = await signUp(t.url, { email: address() });
    const before = await t.deps.repos.users.findById(owner.user.id);
    const links = () => sink.to(owner.email).filter((m) => /Finish creating/.test(m.subject)).length;
    const linksBefore = links();
    const fresh = address();
    const started = performance.now();
    const forNew = await register(fresh);
    const newMs = performance.now() - started;
    const forTaken = await register(owner.email, 'someone else 9');
    const takenMs = performance.now() - started - newMs;

    const a = await answer(forNew, fresh);
    expect(a.status).toBe(202);
    expect(a.body).toBe(JSON.stringify({ message: signUpSent('<address>') }));
    expect(await answer(forTaken, owner.email)).toEqual(a);
    expect(forNew.headers.getSetCookie()).toEqual([]);
    expect(forTaken.headers.getSetCookie()).toEqual([]);
    // Both hash the password: the same order of magnitude (loose, the machine is shared).
    expect(Math.max(newMs, takenMs)).toBeLessThan(10 * Math.min(newMs, takenMs) + 100);

    const [link] = await mailsTo(fresh, /^Finish creating your Stagely account$/);
    expect(new URL(linkIn(link!, '/confirm-account?token=')).origin).toBe(t.url);
    expect(link!.text).toContain('expires in 24 hours');
    const [note] = await mailsTo(owner.email, /^Someone tried to create a Stagely account/);
    expect(linkIn(note!, '/?signin=email')).toBe(`${t.url}/?signin=email`);
    expect(linkIn(note!, '/?signin=forgot')).toBe(`${t.url}/?signin=forgot`);
    // No new link for the owner: only the note.
    expect(links()).toBe(linksBefore);

    expect(await t.deps.repos.users.findById(owner.user.id)).toEqual(before);
    expect((await login(owner.email, owner.password)).status).toBe(200);
    expect((await login(owner.email, 'someone else 9')).status).toBe(401);
  });

  it('refuses sign-in until the link is opened; the link signs in once, then says it was used', async () => {
    const email = address();
    await register(email);
    const wrong = await login(email, 'not my pass 1');
    expect(await wrong.json()).toEqual({ error: 'unauthorized', message: INVALID_CREDENTIALS });
    const early = await login(email, PASSWORD);
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ error: 'email_unconfirmed', message: confirmEmailFirst(email) });
    expect(early.headers.getSetCookie()).toEqual([]);

    const token = tokenOf((await mailsTo(email, /^Finish creating/))[0]!);
    // Only the token's digest is stored.
    const stored = await t.deps.store.collections.passwordResets.find({});
    expect(stored.map((d) => d._id)).toContain(digest(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const jar = new CookieJar();
    const done = await confirm(token, jar);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ email });
    expect(done.headers.getSetCookie().join('\n')).toMatch(/stagely\.sid=/);
    expect((await jar.fetch(api('/auth/user'))).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(200);

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_sign_up_link', message: SIGN_UP_LINK_INVALID });
    expect((await confirm('not-a-real-token')).status).toBe(400);
  });

  it('an expired link confirms nothing', async () => {
    const email = address();
    await register(email);
    const token = tokenOf((await mailsTo(email, /^Finish creating/))[0]!);
    await t.deps.store.collections.passwordResets.updateOne(
      { _id: digest(token) },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_sign_up_link' });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await login(email, PASSWORD)).status).toBe(403);
  });

  it("'Send the link again' makes the older link stop working; the newest confirms, and every used link then offers sign-in", async () => {
    const email = address();
    const first = await register(email, 'first choice 1');
    const second = await register(email, 'second choice 2');
    expect([first.status, second.status]).toEqual([202, 202]);
    const [older, newest] = await mailsTo(email, /^Finish creating/, 2);
    expect(tokenOf(older!)).not.toBe(tokenOf(newest!));
    expect(await check(tokenOf(older!))).toEqual({ state: 'replaced', email });
    expect(await check(tokenOf(newest!))).toEqual({ state: 'ready', email });
    expect((await confirm(tokenOf(older!))).status).toBe(400);
    expect((await confirm(tokenOf(newest!), new CookieJar(), 'page choice 3')).status).toBe(200);
    expect((await login(email, 'page choice 3')).status).toBe(200);
    // The account exists now: both links say so, so their page offers sign-in, not a new account.
    expect(await check(tokenOf(newest!))).toEqual({ state: 'used', email });
    expect(await check(tokenOf(older!))).toEqual({ state: 'used', email });
    expect(await check('not-a-real-token')).toEqual({ state: 'invalid', email: null });
  });

  it("a stranger's sign-up of your address gives them nothing: the password is the one chosen on the link's page", async () => {
    const email = address();
    // The stranger signs up the address with a password of their own; the owner gets a genuine mail.
    await register(email, 'stranger knows 1');
    const token = tokenOf((await mailsTo(email, /^Finish creating/))[0]!);
    expect((await confirm(token, new CookieJar(), 'owner only 22')).status).toBe(200);
    expect((await login(email, 'stranger knows 1')).status).toBe(401);
    expect((await login(email, 'owner only 22')).status).toBe(200);
  });

  it('a link opened on a device signed in to another account confirms only when the person agrees to switch', async () => {
    const me = await signUp(t.url, { email: address() });
    const theirs = address();
    await register(theirs, 'their pass 44');
    const token = tokenOf((await mailsTo(theirs, /^Finish creating/))[0]!);
    const refused = await confirm(token, me.jar, 'their pass 44');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'signed_in_elsewhere', message: SIGNED_IN_ELSEWHERE });
    // Still signed in as before, and the link still works.
    expect(((await (await me.jar.fetch(api('/auth/user'))).json()) as User).email).toBe(me.email);
    expect(await check(token)).toEqual({ state: 'ready', email: theirs });
    const agreed = await confirm(token, me.jar, 'their pass 44', true);
    expect(agreed.status).toBe(200);
    expect(((await (await me.jar.fetch(api('/auth/user'))).json()) as User).email).toBe(theirs);
  });

  it('tells the owner of an account without a password which provider signs it in', async () => {
    const email = address();
    await t.deps.repos.users.create({
      email,
      username: 'Gail',
      firstName: null,
      lastName: null,
      identities: [{ provider: 'google', subject: 'g-1' }],
    });
    expect((await register(email)).status).toBe(202);
    const [note] = await mailsTo(email, /^Someone tried to create/);
    expect(note!.text).toContain('you sign in with Google');
    expect(note!.text).not.toContain('signin=forgot');
    const user = await t.deps.repos.users.findByEmail(email);
    expect(user?.passwordHash).toBeNull();
  });
});
