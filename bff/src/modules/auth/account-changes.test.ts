import { EMAIL_LINK_INVALID, WRONG_CURRENT_PASSWORD, type User } from '@shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUp } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { linkIn } from '../../testing/mime';
import { SmtpSink } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/use-test-app';

describe('Settings account changes over real HTTP, mail through a loopback SMTP server', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const t = useTestApp({ env: () => ({ SMTP_URL: sink.url }) });
  const api = (p: string) => `${t.url}/api${p}`;
  const login = async (email: string, password: string) => {
    const jar = new CookieJar();
    const res = await jar.fetch(api('/auth/login'), json({ email, password }, { method: 'POST' }));
    return { jar, status: res.status };
  };

  it('renames the account', async () => {
    const { jar } = await signUp(t.url, { firstName: 'Ann' });
    const res = await jar.fetch(
      api('/user/profile'),
      json({ username: 'Ann Agent', firstName: 'Ann', lastName: 'Agent' }, { method: 'PATCH' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: 'Ann Agent', firstName: 'Ann', lastName: 'Agent' });
  });

  it('changes the password with the current one, signing out every other device but this one', async () => {
    const { jar, email, password } = await signUp(t.url);
    const other = await login(email, password);
    const change = (currentPassword: string) =>
      jar.fetch(
        api('/user/password'),
        json({ currentPassword, newPassword: 'fresh start 77' }, { method: 'POST' }),
      );
    const wrong = await change('not it 123');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe(WRONG_CURRENT_PASSWORD);
    expect((await change(password)).status).toBe(200);
    expect((await jar.fetch(api('/auth/user'))).status).toBe(200);
    expect((await other.jar.fetch(api('/auth/user'))).status).toBe(401);
    expect((await login(email, password)).status).toBe(401);
    expect((await login(email, 'fresh start 77')).status).toBe(200);
  });

  it('changes the email once the link mailed to the new address is opened, and tells the old address', async () => {
    const { jar, email, password } = await signUp(t.url);
    const next = `moved-${Date.now()}@example.com`;
    const ask = await jar.fetch(
      api('/user/email'),
      json({ email: next, currentPassword: password }, { method: 'POST' }),
    );
    expect(ask.status).toBe(200);
    expect(((await ask.json()) as { message: string }).message).toContain(next);
    // Nothing changes until the link is opened.
    expect(((await (await jar.fetch(api('/auth/user'))).json()) as User).email).toBe(email);
    const mail = await sink.waitFor((m) => m.rcptTo.includes(next));
    const token = new URL(linkIn(mail, '/confirm-email?token=')).searchParams.get('token') ?? '';
    const confirm = () => fetch(api('/user/email/confirm'), json({ token }, { method: 'POST' }));
    const done = await confirm();
    expect(done.status).toBe(200);
    expect(((await done.json()) as User).email).toBe(next);
    const notice = await sink.waitFor((m) => m.rcptTo.includes(email) && /was changed/.test(m.subject));
    expect(notice.subject).toBe('Your Stagely email was changed');
    expect(notice.text).toContain(next);
    const again = await confirm();
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe(EMAIL_LINK_INVALID);
    expect((await login(next, password)).status).toBe(200);
  });
});
