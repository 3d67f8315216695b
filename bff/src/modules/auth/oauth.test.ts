import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../testing/cookie-jar';
import { freePort } from '../../testing/free-port';
import { startTestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

/** A mock OIDC provider on an ephemeral 127.0.0.1 port. */
async function startIdp(): Promise<OAuth2Server> {
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  return idp;
}

/** The app's settings for the generic OIDC provider at `issuer`. */
const oidcEnv = (issuer: string) => ({
  OIDC_CLIENT_ID: 'stagely',
  OIDC_CLIENT_SECRET: 'secret',
  OIDC_AUTHORIZE_URL: `${issuer}/authorize`,
  OIDC_TOKEN_URL: `${issuer}/token`,
  OIDC_USERINFO_URL: `${issuer}/userinfo`,
});

/** A fixed port and PUBLIC_URL, so the callback address is known before the app starts. */
const publicAt = (port: number) => ({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });

/** Follows redirects by hand so each hop keeps the jar's cookies; stops when leaving `stopAt`. */
async function follow(
  jar: CookieJar,
  start: string,
  base: string,
  stopWhen: (url: string) => boolean,
): Promise<string[]> {
  const hops: string[] = [];
  let url = start;
  for (let i = 0; i < 10; i++) {
    hops.push(url);
    if (stopWhen(url)) return hops;
    const res = await jar.fetch(url);
    const location = res.headers.get('location');
    if (!location) return hops;
    url = new URL(location, base).toString();
  }
  throw new Error(`too many redirects: ${hops.join(' -> ')}`);
}

describe('OAuth sign-in through grant against a local OIDC server', () => {
  let idp: OAuth2Server;
  let port: number;
  let profile: Record<string, unknown>;

  beforeAll(async () => {
    idp = await startIdp();
    idp.service.on('beforeUserinfo', (res: { body: unknown }) => {
      res.body = profile;
    });
    port = await freePort();
  });
  afterAll(() => idp.stop());
  const t = useTestApp({
    env: () => ({ ...publicAt(port), OIDC_NAME: 'Test IdP', ...oidcEnv(idp.issuer.url!) }),
  });

  const isCallback = (url: string) => url.includes('/api/auth/connect/oidc/callback');

  it('lists the provider and signs a new user in, creating the account', async () => {
    expect(await (await fetch(`${t.url}/api/auth/providers`)).json()).toEqual({
      providers: [{ id: 'oidc', name: 'Test IdP' }],
      email: true,
    });
    profile = {
      sub: 'idp-user-1',
      email: 'Olivia@Example.com',
      email_verified: true,
      given_name: 'Olivia',
      family_name: 'Park',
      name: 'Olivia Park',
    };
    const jar = new CookieJar();
    const hops = await follow(jar, `${t.url}/api/auth/login`, t.url, (u) => u === `${t.url}/`);
    const authorize = new URL(hops.find((h) => h.startsWith(`${idp.issuer.url!}/`))!);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/connect/oidc/callback`);
    expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{20,}$/);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(hops.at(-1)).toBe(`${t.url}/`);
    const me = await jar.fetch(`${t.url}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'olivia@example.com',
      firstName: 'Olivia',
      username: 'Olivia Park',
    });
  });

  it('ignores any query string on the connect address: no 500, and no override of the flow', async () => {
    const jar = new CookieJar();
    await jar.fetch(`${t.url}/api/health`);
    for (const query of [
      '?x=1',
      '?redirect_uri=https://evil.example/cb',
      '?scope=admin&state=chosen',
      '?a[b]=c',
    ]) {
      const res = await jar.fetch(`${t.url}/api/auth/connect/oidc${query}`, { redirect: 'manual' });
      expect(res.status, query).toBe(302);
      const to = new URL(res.headers.get('location')!);
      expect(to.origin).toBe(new URL(idp.issuer.url!).origin);
      expect(to.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/connect/oidc/callback`);
      expect(to.searchParams.get('scope')).toBe('openid email profile');
      expect(to.searchParams.get('state')).not.toBe('chosen');
    }
  });

  it('answers an unknown provider with a sentence', async () => {
    const res = await fetch(`${t.url}/api/auth/login?provider=myspace`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'This sign-in provider is not available.' });
  });

  it('links to an existing account by verified email', async () => {
    const existing = await t.deps.repos.users.create({
      email: 'sam@example.com',
      username: 'sam',
      firstName: null,
      lastName: null,
    });
    profile = { sub: 'idp-user-2', email: 'sam@example.com', email_verified: true };
    const jar = new CookieJar();
    await follow(jar, `${t.url}/api/auth/login?provider=oidc`, t.url, (u) => u === `${t.url}/`);
    expect(((await (await jar.fetch(`${t.url}/api/auth/user`)).json()) as { id: string }).id).toBe(
      existing._id,
    );
    expect((await t.deps.repos.users.findByIdentity('oidc', 'idp-user-2'))?._id).toBe(existing._id);
  });

  it('does not link on an unverified email', async () => {
    await t.deps.repos.users.create({
      email: 'kim@example.com',
      username: 'kim',
      firstName: null,
      lastName: null,
    });
    profile = { sub: 'idp-attacker', email: 'kim@example.com', email_verified: false };
    const jar = new CookieJar();
    const hops = await follow(jar, `${t.url}/api/auth/login`, t.url, (u) => u.startsWith(`${t.url}/?`));
    expect(hops.at(-1)).toBe(`${t.url}/?signin=failed`);
    expect((await jar.fetch(`${t.url}/api/auth/user`)).status).toBe(401);
  });

  it('refuses a callback with a wrong state, and a replayed callback: no session', async () => {
    profile = { sub: 'idp-user-3', email: 'state@example.com', email_verified: true };
    const jar = new CookieJar();
    const hops = await follow(jar, `${t.url}/api/auth/login`, t.url, isCallback);
    const callback = new URL(hops.at(-1)!);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const bad = await follow(
      jar,
      forged.toString(),
      t.url,
      (u) => u.startsWith(`${t.url}/?`) || u === `${t.url}/`,
    );
    expect(bad.at(-1)).toBe(`${t.url}/?signin=failed`);
    expect((await jar.fetch(`${t.url}/api/auth/user`)).status).toBe(401);

    const fresh = new CookieJar();
    const okHops = await follow(fresh, `${t.url}/api/auth/login`, t.url, isCallback);
    const good = okHops.at(-1)!;
    await follow(fresh, good, t.url, (u) => u === `${t.url}/`);
    const attacker = new CookieJar();
    const replay = await follow(
      attacker,
      good,
      t.url,
      (u) => u.startsWith(`${t.url}/?`) || u === `${t.url}/`,
    );
    expect(replay.at(-1)).toBe(`${t.url}/?signin=failed`);
    expect((await attacker.fetch(`${t.url}/api/auth/user`)).status).toBe(401);
  });
});

describe('OAuth with an identity provider that, like real ones, accepts each code once', () => {
  it('refuses a code replayed under a fresh state: no session, and the first sign-in is untouched', async () => {
    const idp = await startIdp();
    const used = new Set<string>();
    let exchanges = 0;
    idp.service.on(
      'beforeResponse',
      (res: { statusCode: number; body: unknown }, req: { body?: { code?: string } }) => {
        const code = req.body?.code;
        if (!code) return;
        exchanges += 1;
        if (used.has(code)) {
          res.statusCode = 400;
          res.body = { error: 'invalid_grant', error_description: 'code already used' };
        }
        used.add(code);
      },
    );
    idp.service.on('beforeUserinfo', (res: { body: unknown }) => {
      res.body = { sub: 'once-user', email: 'once@example.com', email_verified: true };
    });
    const t = await startTestApp({ ...publicAt(await freePort()), ...oidcEnv(idp.issuer.url!) });
    const isCallback = (url: string) => url.includes('/api/auth/connect/oidc/callback');
    const landed = (url: string) => url.startsWith(`${t.url}/?`) || url === `${t.url}/`;
    try {
      const victim = new CookieJar();
      const callback = new URL((await follow(victim, `${t.url}/api/auth/login`, t.url, isCallback)).at(-1)!);
      expect((await follow(victim, callback.toString(), t.url, landed)).at(-1)).toBe(`${t.url}/`);
      expect(used.size).toBe(1);

      // The attacker starts their own flow (a valid state in their session) and swaps in the used code.
      const attacker = new CookieJar();
      const theirs = new URL((await follow(attacker, `${t.url}/api/auth/login`, t.url, isCallback)).at(-1)!);
      theirs.searchParams.set('code', callback.searchParams.get('code')!);
      expect((await follow(attacker, theirs.toString(), t.url, landed)).at(-1)).toBe(
        `${t.url}/?signin=failed`,
      );
      expect((await attacker.fetch(`${t.url}/api/auth/user`)).status).toBe(401);
      expect(exchanges).toBe(2); // the state was right, so it took the provider's refusal to stop it

      // The victim replaying their own callback changes nothing either.
      expect((await follow(victim, callback.toString(), t.url, landed)).at(-1)).toBe(
        `${t.url}/?signin=failed`,
      );
      expect(await (await victim.fetch(`${t.url}/api/auth/user`)).json()).toMatchObject({
        email: 'once@example.com',
      });
      expect(exchanges).toBe(2); // refused before reaching the provider: no flow was started
      expect(await t.deps.store.collections.users.countDocuments({})).toBe(1);
    } finally {
      await t.close();
      await idp.stop();
    }
  });
});

describe('OAuth on an ephemeral port', () => {
  it('builds the redirect URI from the public URL the app was given, whatever the Host', async () => {
    const idp = await startIdp();
    idp.service.on('beforeUserinfo', (res: { body: unknown }) => {
      res.body = { sub: 'no-public-url', email: 'origin@example.com', email_verified: true };
    });
    const issuer = idp.issuer.url!;
    const t = await startTestApp(oidcEnv(issuer));
    try {
      const jar = new CookieJar();
      const hops = await follow(jar, `${t.url}/api/auth/login`, t.url, (u) => u === `${t.url}/`);
      const authorize = new URL(hops.find((h) => h.startsWith(`${issuer}/`))!);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/connect/oidc/callback`);
      expect(hops.at(-1)).toBe(`${t.url}/`);
      expect(await (await jar.fetch(`${t.url}/api/auth/user`)).json()).toMatchObject({
        email: 'origin@example.com',
      });
    } finally {
      await t.close();
      await idp.stop();
    }
  });
});
