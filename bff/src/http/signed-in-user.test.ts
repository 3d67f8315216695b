import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_REQUIRED, asSentence } from '@shared/domain';
import { signUp } from '../testing/auth-helpers';
import { CookieJar } from '../testing/cookie-jar';
import { useTestApp } from '../testing/use-test-app';

/** The routes that need the signed-in user's record, each with the sentence its 401 says. */
const NEEDS_USER = [
  { method: 'GET', path: '/api/auth/user', message: 'You are not signed in.' },
  { method: 'GET', path: '/api/user/limits', message: 'Please sign in to continue.' },
  { method: 'POST', path: '/api/create-subscription', message: 'Please sign in to continue.' },
  { method: 'POST', path: '/api/billing/portal', message: 'Please sign in to continue.' },
  { method: 'POST', path: '/api/projects', message: asSentence(AUTHENTICATION_REQUIRED) },
];

describe('routes that load the signed-in user', () => {
  const t = useTestApp();
  const call = (jar: CookieJar, { method, path }: (typeof NEEDS_USER)[number]) =>
    jar.fetch(`${t.url}${path}`, { method, headers: { Origin: t.url } });

  it("answer a visitor, and a session whose account is gone, 401 with the route's sentence", async () => {
    const { jar, user } = await signUp(t.url);
    await t.deps.repos.users.delete(user.id);
    for (const [who, as] of [
      ['visitor', new CookieJar()],
      ['account gone', jar],
    ] as const) {
      for (const route of NEEDS_USER) {
        const res = await call(as, route);
        expect(res.status, `${who} ${route.path}`).toBe(401);
        expect(await res.json(), `${who} ${route.path}`).toEqual({
          error: 'unauthorized',
          message: route.message,
        });
      }
    }
  });

  it('give a signed-in user their own record', async () => {
    const { jar, user } = await signUp(t.url);
    const me = await call(jar, NEEDS_USER[0]!);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id, email: user.email });
    expect((await call(jar, NEEDS_USER[1]!)).status).toBe(200);
  });
});
