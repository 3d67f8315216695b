import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute, type ShareLink } from '@shared/api';
import { CookieJar } from '../testing/cookie-jar';
import { concretePath, routeName } from '../testing/routes';
import { useTestApp } from '../testing/use-test-app';
import { recordValues, userWithData, type UserWithData } from '../testing/user-data';

/** The only answers allowed to be kept, and how: everything else the API sends is no-store. */
const CACHEABLE: Record<string, string> = {
  'GET /api/openapi.json': 'no-cache',
  'GET /api/public-config': 'no-cache',
  'GET /api/projects/{id}/images/{kind}': 'private, max-age=86400',
  // A version's number is never given again, so its image never changes.
  'GET /api/projects/{id}/versions/{number}/image': 'private, max-age=86400',
  'GET /api/properties/{id}/rooms/{roomId}/images/{kind}': 'private, max-age=86400',
  'GET /api/user/profile-image/{id}': 'private, max-age=31536000, immutable',
};

/** Streams are not kept either, and also say that no proxy may compress or hold them. */
const STREAMED: Record<string, string> = { 'GET /api/events': 'no-store, no-transform' };

/** Ending the owner's session or deleting their records would change what the routes after it answer. */
const ownerMayCall = (r: ApiRoute) => r.method !== 'delete' && r.path !== '/api/auth/logout';

describe('Cache-Control on every /api answer', () => {
  const t = useTestApp();
  let owner: UserWithData;
  let token: string;

  beforeAll(async () => {
    owner = await userWithData(t);
    const shared = await owner.jar.fetch(`${t.url}/api/projects/${owner.project.id}/share`, {
      method: 'POST',
    });
    token = ((await shared.json()) as ShareLink).token;
  });

  const urlOf = (route: ApiRoute, real: boolean) =>
    concretePath(
      route.path,
      real
        ? {
            token,
            kind: route.path.includes('{roomId}') ? 'original' : 'staged',
            ...recordValues(owner, route.path),
          }
        : {},
    );

  it('is no-store for every route, signed in or not, success or error, unless the route opts out', async () => {
    const seen: string[] = [];
    for (const route of API_ROUTES) {
      for (const [who, jar] of [
        ['owner', owner.jar],
        ['visitor', new CookieJar()],
      ] as const) {
        if (who === 'owner' && !ownerMayCall(route)) continue;
        const res = await jar.fetch(`${t.url}${urlOf(route, who === 'owner')}`, {
          method: route.method.toUpperCase(),
          ...(route.method === 'get'
            ? {}
            : { headers: { 'Content-Type': 'application/json', Origin: t.url }, body: '{}' }),
        });
        // An event stream never ends by itself: its headers are the answer here.
        if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
        else await res.arrayBuffer();
        const name = routeName(route);
        const expected = res.status === 200 ? (CACHEABLE[name] ?? STREAMED[name] ?? 'no-store') : 'no-store';
        expect(res.headers.get('cache-control'), `${who} ${name} (${res.status})`).toBe(expected);
        seen.push(`${name} ${res.status}`);
      }
    }
    // The opt-outs were really answered with 200, so each of their own headers was checked above.
    for (const name of Object.keys({ ...CACHEABLE, ...STREAMED })) expect(seen).toContain(`${name} 200`);
  });

  it('is no-store for redirects and for addresses no route answers', async () => {
    for (const path of ['/api/auth/login', '/api/no/such/route', '/api']) {
      const res = await fetch(`${t.url}${path}`, { redirect: 'manual' });
      await res.arrayBuffer();
      expect(res.headers.get('cache-control'), `${path} (${res.status})`).toBe('no-store');
    }
  });
});
