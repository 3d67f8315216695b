import { confirmEmailFirst, SIGN_UP_LINK_INVALID, signUpSent } from '@shared/api';
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
  const confirm = (token: string, jar = new CookieJar()) =>
    jar.fetch(api('/auth/register/confirm'), json({ token }, { method: 'POST' }));
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

  it('signing up again before confirming mails a fresh link, and each link keeps the password its sign-up chose', async () => {
    const email = address();
    const first = await register(email, 'first choice 1');
    const second = await register(email, 'second choice 2');
    expect([first.status, second.status]).toEqual([202, 202]);
    const [mine, theirs] = await mailsTo(email, /^Finish creating/, 2);
    expect(tokenOf(mine!)).not.toBe(tokenOf(theirs!));
    expect((await confirm(tokenOf(mine!))).status).toBe(200);
    expect((await login(email, 'first choice 1')).status).toBe(200);
    expect((await login(email, 'second choice 2')).status).toBe(401);
    // The other sign-up's link went with the confirmation.
    expect((await confirm(tokenOf(theirs!))).status).toBe(400);
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
