import { describe, expect, it } from 'vitest';
import {
  API_KEY_PREFIX,
  apiKeyListSchema,
  createdApiKeySchema,
  type ApiScope,
  type Project,
} from '@shared/api';
import { json, signUp } from '../../testing/auth-helpers';
import { CookieJar } from '../../testing/cookie-jar';
import { makePhoto, multipart } from '../../testing/images';
import { STAGE_FIELDS } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { hashApiKey } from '../../http/session';

describe('API keys: Bearer on the routes the PWA uses', () => {
  const t = useTestApp({ worker: true, env: () => ({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' }) });
  const api = (path: string) => `${t.url}/api${path}`;

  async function keyFor(jar: CookieJar, scopes: ApiScope[], name = 'Back office') {
    const res = await jar.fetch(api('/user/api-keys'), json({ name, scopes }, { method: 'POST' }));
    expect(res.status).toBe(201);
    return createdApiKeySchema.parse(await res.json());
  }
  /** A plain fetch with the key and no cookie (a fresh jar that holds nothing). */
  const withKey =
    (secret: string) =>
    (path: string, init: RequestInit = {}): Promise<Response> =>
      new CookieJar().fetch(api(path), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${secret}` },
      });

  it('shows a created key once, keeps only its hash, and lists it with its last use', async () => {
    const { jar, user } = await signUp(t.url);
    const created = await keyFor(jar, ['projects:read']);
    expect(created.secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created.secret.length).toBeGreaterThan(40);
    const stored = await t.deps.repos.apiKeys.listForUser(user.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.hash).toBe(hashApiKey(created.secret));
    expect(JSON.stringify(stored)).not.toContain(created.secret);

    expect((await withKey(created.secret)('/projects')).status).toBe(200);
    const listed = apiKeyListSchema.parse(await (await jar.fetch(api('/user/api-keys'))).json());
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed.keys[0]).toMatchObject({ name: 'Back office', prefix: created.secret.slice(0, 8) });
    expect(listed.keys[0]!.lastUsedAt).not.toBeNull();
    expect(listed.keys[0]!.callsThisMonth).toBe(1);
  });

  it('stages a photo with a key and no cookie, from another origin without a CSRF refusal', async () => {
    const { jar } = await signUp(t.url);
    const { secret } = await keyFor(jar, ['projects:read', 'staging']);
    const call = withKey(secret);
    const body = multipart(STAGE_FIELDS, { data: await makePhoto({ width: 800, height: 600 }) });
    const res = await call('/projects', { method: 'POST', body, headers: { Origin: 'https://crm.example' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const project = (await res.json()) as Project;
    // Its credit counts in the key's usage this month, and the cost report names the key.
    const listed = apiKeyListSchema.parse(await (await jar.fetch(api('/user/api-keys'))).json());
    expect(listed.keys[0]).toMatchObject({ creditsThisMonth: 1, callsThisMonth: 1 });
    expect((await t.deps.repos.projects.apiKeyOfProjects()).get(project.id)).toBe(listed.keys[0]!.id);
    // Without a key or cookie the project is not readable; with the key it is.
    expect((await fetch(api(`/projects/${project.id}`))).status).not.toBe(200);
    expect((await call(`/projects/${project.id}/status`)).status).toBe(200);
  });

  it('refuses a key without the route scope (403) and routes no key may use (403)', async () => {
    const { jar } = await signUp(t.url);
    const call = withKey((await keyFor(jar, ['projects:read'])).secret);
    const noScope = await call('/properties');
    expect(noScope.status).toBe(403);
    expect(await noScope.json()).toMatchObject({ error: 'api_key_scope' });
    const body = multipart(STAGE_FIELDS, { data: await makePhoto({ width: 800, height: 600 }) });
    expect((await call('/projects', { method: 'POST', body })).status).toBe(403);
    // A key cannot make more keys nor touch the account.
    expect((await call('/user/api-keys')).status).toBe(403);
    expect((await call('/user/account', { method: 'DELETE' })).status).toBe(403);
  });

  it('answers 401 to a revoked or unknown key, never falling back to the cookie', async () => {
    const { jar } = await signUp(t.url);
    const created = await keyFor(jar, ['projects:read']);
    expect((await withKey(created.secret)('/projects')).status).toBe(200);
    const revoked = await jar.fetch(api(`/user/api-keys/${created.key.id}`), { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect((await withKey(created.secret)('/projects')).status).toBe(401);
    expect((await withKey(`${API_KEY_PREFIX}nothing`)('/projects')).status).toBe(401);
    // The session cookie beside a bad key does not rescue it.
    const both = await jar.fetch(api('/projects'), {
      headers: { Authorization: `Bearer ${created.secret}` },
    });
    expect(both.status).toBe(401);
    const list = apiKeyListSchema.parse(await (await jar.fetch(api('/user/api-keys'))).json());
    expect(list.keys[0]!.revokedAt).not.toBeNull();
    // Someone else's key id is not found for this account.
    const other = await signUp(t.url);
    const theirs = await keyFor(other.jar, ['projects:read']);
    expect((await jar.fetch(api(`/user/api-keys/${theirs.key.id}`), { method: 'DELETE' })).status).toBe(404);
  });

  it("holds each key on Pro's unlimited plan to its rate, with 429 and Retry-After", async () => {
    const { jar, user } = await signUp(t.url);
    await t.deps.repos.users.update(user.id, { plan: 'pro' });
    const first = withKey((await keyFor(jar, ['projects:read'])).secret);
    const second = withKey((await keyFor(jar, ['projects:read'])).secret);
    for (let i = 0; i < 3; i++) expect((await first('/projects')).status).toBe(200);
    const over = await first('/projects');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is per key: another key of the same account still works.
    expect((await second('/projects')).status).toBe(200);
  });
});
