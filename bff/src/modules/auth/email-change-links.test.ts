import {
  CANCEL_LINK_INVALID,
  EMAIL_CHANGE_CANCELLED,
  EMAIL_LINK_INVALID,
  RESET_LINK_INVALID,
  TOO_MANY_EMAIL_CHANGES,
  type User,
} from '@shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUp } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { takeMailedLink } from '../../testing/mailboxes';
import { SmtpSink } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/use-test-app';
import { EMAIL_CHANGE_LIMITS } from './account-changes.service';

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
let ipCounter = 0;
const fromIp = () => ({ 'X-Forwarded-For': `10.8.0.${++ipCounter}` });

describe('email change links cannot outlive a reset, a password change or another change', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const t = useTestApp({ env: () => ({ SMTP_URL: sink.url, TRUST_PROXY: 'true' }) });
  const api = (p: string) => `${t.url}/api${p}`;
  const post = (path: string, body: unknown, jar?: CookieJar) =>
    (jar ? jar.fetch.bind(jar) : fetch)(api(path), json(body, { method: 'POST', headers: fromIp() }));
  const login = async (email: string, password: string) =>
    (await post('/auth/login', { email, password }, new CookieJar())).status;

  /** Someone who knows the password asks to move the account to their address; their confirm link. */
  async function askToMove(jar: CookieJar, password: string) {
    const theirs = `taker-${Date.now()}-${++ipCounter}@example.com`;
    const ask = await post('/user/email', { email: theirs, currentPassword: password }, jar);
    expect(ask.status).toBe(200);
    return { theirs, token: tokenOf(await takeMailedLink(t.url, theirs, '/confirm-email?token=')) };
  }

  async function resetPassword(email: string, password: string) {
    expect((await post('/auth/password-reset', { email })).status).toBe(202);
    const token = tokenOf(await takeMailedLink(t.url, email, '/reset-password?token='));
    expect((await post('/auth/password-reset/confirm', { token, password })).status).toBe(200);
  }

  it('a reset by the owner kills the pending change: the stale link is refused and the owner still signs in', async () => {
    const owner = await signUp(t.url);
    const attacker = await askToMove(owner.jar, owner.password);
    // The owner's current address is told, with a link that would cancel it.
    await takeMailedLink(t.url, owner.email, '/cancel-email?token=');
    await resetPassword(owner.email, 'owner took it back 1');
    const stale = await post('/user/email/confirm', { token: attacker.token });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { message: string }).message).toBe(EMAIL_LINK_INVALID);
    expect(await login(owner.email, 'owner took it back 1')).toBe(200);
    expect(await login(attacker.theirs, 'owner took it back 1')).toBe(401);
  });

  it('a password change kills the pending change too', async () => {
    const owner = await signUp(t.url);
    const attacker = await askToMove(owner.jar, owner.password);
    const change = await post(
      '/user/password',
      { currentPassword: owner.password, newPassword: 'fresh again 55' },
      owner.jar,
    );
    expect(change.status).toBe(200);
    expect((await post('/user/email/confirm', { token: attacker.token })).status).toBe(400);
  });

  it('the link mailed to the current address cancels the change, once', async () => {
    const owner = await signUp(t.url);
    const attacker = await askToMove(owner.jar, owner.password);
    const cancel = tokenOf(await takeMailedLink(t.url, owner.email, '/cancel-email?token='));
    const first = await post('/user/email/cancel', { token: cancel });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { message: string }).message).toBe(EMAIL_CHANGE_CANCELLED);
    const again = await post('/user/email/cancel', { token: cancel });
    expect(((await again.json()) as { message: string }).message).toBe(CANCEL_LINK_INVALID);
    expect((await post('/user/email/confirm', { token: attacker.token })).status).toBe(400);
    const me = (await (await owner.jar.fetch(api('/auth/user'))).json()) as User;
    expect(me.email).toBe(owner.email);
  });

  it('a reset link mailed to the old address stops working once the email changed', async () => {
    const owner = await signUp(t.url);
    expect((await post('/auth/password-reset', { email: owner.email })).status).toBe(202);
    const oldReset = tokenOf(await takeMailedLink(t.url, owner.email, '/reset-password?token='));
    const move = await askToMove(owner.jar, owner.password);
    expect((await post('/user/email/confirm', { token: move.token })).status).toBe(200);
    const late = await post('/auth/password-reset/confirm', { token: oldReset, password: 'late reset 77' });
    expect(late.status).toBe(400);
    expect(((await late.json()) as { message: string }).message).toBe(RESET_LINK_INVALID);
  });

  it('email change requests are limited per account and per new address', async () => {
    const flooder = await signUp(t.url);
    const ask = (email: string, jar: CookieJar, currentPassword: string) =>
      post('/user/email', { email, currentPassword }, jar);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(
        (await ask(`stranger${i}-${Date.now()}@example.com`, flooder.jar, flooder.password)).status,
      );
    const allowed = EMAIL_CHANGE_LIMITS.perAccount.max;
    expect(statuses.slice(0, allowed).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true);

    // Many accounts at one stranger: the stranger's inbox gets at most the per-address number.
    const stranger = `victim-${Date.now()}@example.com`;
    const answers: Response[] = [];
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perAddress.max + 2; i++) {
      const account = await signUp(t.url);
      answers.push(await ask(stranger, account.jar, account.password));
    }
    const refused = answers.slice(EMAIL_CHANGE_LIMITS.perAddress.max);
    expect(answers.map((a) => a.status)).toEqual([
      ...Array<number>(EMAIL_CHANGE_LIMITS.perAddress.max).fill(200),
      429,
      429,
    ]);
    expect(((await refused[0]!.json()) as { message: string }).message).toBe(TOO_MANY_EMAIL_CHANGES);
  });
});
