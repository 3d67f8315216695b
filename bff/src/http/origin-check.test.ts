import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@shared/api';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shared/domain';
import { signUp } from '../testing/auth-helpers';
import { CookieJar } from '../testing/cookie-jar';
import { makePhoto, multipart } from '../testing/images';
import { concretePath, routeName } from '../testing/routes';
import { storedState, type StoredState } from '../testing/stored-state';
import { useTestApp } from '../testing/use-test-app';
import { uploadRoutes } from '../testing/upload-routes';
import { userWithData, type UserWithData } from '../testing/user-data';

const UNSAFE = API_ROUTES.filter((r) => r.method !== 'get');
const GETS = API_ROUTES.filter((r) => r.method === 'get');

/** A request each route would carry out if it came from our own pages, so a missing check would show. */
function validBody(route: ApiRoute, owner: UserWithData, photo: Buffer): BodyInit | undefined {
  const upload = uploadRoutes().find((u) => u.path === route.path);
  if (upload) return multipart(upload.fields, { data: photo });
  const bodies: Record<string, unknown> = {
    'POST /api/auth/register': { email: 'new-visitor@example.com', password: 'sunny room 7' },
    'POST /api/auth/login': { email: owner.email, password: owner.password },
    'PUT /api/user/preferences': { inAppNotifications: { project_completed: false, tips: false } },
    'DELETE /api/user/account': { confirmationText: DELETE_ACCOUNT_CONFIRMATION },
    'POST /api/contact': { name: 'Ana', email: 'ana@example.com', subject: 'Hello', message: 'Hi there' },
  };
  const body = bodies[routeName(route)];
  return body === undefined ? undefined : JSON.stringify(body);
}

describe('unsafe requests from other origins', () => {
  const t = useTestApp();
  let owner: UserWithData;
  let photo: Buffer;
  let before: StoredState;
  const foreign = (): [string, Record<string, string>][] => [
    ['another site', { Origin: 'https://evil.example' }],
    ['an opaque origin (sandboxed frame)', { Origin: 'null' }],
    ['the same machine by another name', { Origin: t.url.replace('127.0.0.1', 'localhost') }],
    ['the same host over another scheme', { Origin: t.url.replace('http:', 'https:') }],
    ['a cross-site request without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a sibling site without Origin', { 'Sec-Fetch-Site': 'same-site' }],
  ];
  const send = (route: ApiRoute, headers: Record<string, string>) => {
    const body = validBody(route, owner, photo);
    const typed: Record<string, string> =
      typeof body === 'string' ? { 'Content-Type': 'application/json' } : {};
    return owner.jar.fetch(`${t.url}${concretePath(route.path, { id: owner.project.id })}`, {
      method: route.method.toUpperCase(),
      headers: { ...typed, ...headers },
      body,
    });
  };

  beforeAll(async () => {
    owner = await userWithData(t);
    photo = await makePhoto({ width: 683, height: 512 });
    before = await storedState(t);
  });

  it.each(UNSAFE.map((r) => [routeName(r), r]))(
    '%s is refused with 403 from any other origin',
    async (_n, route) => {
      for (const [who, headers] of foreign()) {
        const res = await send(route, headers);
        expect(res.status, `${routeName(route)} from ${who}`).toBe(403);
        expect(await res.json()).toEqual({
          error: 'cross_origin',
          message: 'Requests from other sites are not allowed.',
        });
      }
    },
  );

  it('changed nothing: account, session, project, picture and preferences are as they were', async () => {
    expect(await storedState(t)).toEqual(before);
    expect((await owner.jar.fetch(`${t.url}/api/auth/user`)).status).toBe(200);
  });

  it('carries out the same requests from its own pages', async () => {
    const prefs = UNSAFE.find((r) => routeName(r) === 'PUT /api/user/preferences')!;
    expect((await send(prefs, { Origin: t.url, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    // Tools and servers (curl, Stripe) send neither header and carry no browser cookies: they pass.
    expect((await send(prefs, {})).status).toBe(200);
  });
});

/** Query strings that make a GET do more (a listing-ready download reads the share link, never makes one). */
const queriesOf = (path: string) =>
  path.endsWith('/download') ? ['', '?format=listing', '?format=listing&variant=1', '?size=4k'] : [''];

describe('no GET changes anything', () => {
  const t = useTestApp();
  let owner: UserWithData;
  let other: CookieJar;

  beforeAll(async () => {
    owner = await userWithData(t);
    other = (await signUp(t.url)).jar;
  });

  it('every GET route of the registry, as the owner, another user and a visitor, leaves the store as it was', async () => {
    // A live share link, so the public share routes are read for real (a view must write nothing).
    const share = await owner.jar.fetch(`${t.url}/api/projects/${owner.project.id}/share`, {
      method: 'POST',
    });
    const { token } = (await share.json()) as { token: string };
    // Bookkeeping, not state a request may change: rate-limit counters (public GETs are limited), the
    // hand-over record a download leaves and the short address its QR code carries.
    const bookkeeping = ['rateLimits', 'handovers', 'originalLinks'];
    const before = await storedState(t, bookkeeping);
    const callers: [string, CookieJar][] = [
      ['owner', owner.jar],
      ['other user', other],
      ['visitor', new CookieJar()],
    ];
    const answered: string[] = [];
    for (const route of GETS) {
      for (const kind of route.path.includes('{kind}') ? ['original', 'thumb', 'staged'] : ['original']) {
        const path = concretePath(route.path, { id: owner.project.id, kind, token });
        for (const [who, jar] of callers)
          for (const query of queriesOf(route.path)) {
            const res = await jar.fetch(`${t.url}${path}${query}`);
            expect(res.status, `${path}${query} as ${who}`).toBeLessThan(500);
            answered.push(`${res.status} ${path}${query} ${who}`);
          }
      }
    }
    expect(answered.filter((a) => a.startsWith('200 ')).length).toBeGreaterThan(GETS.length);
    // A handed-out image is watermarked and signed once, then kept with its check: a copy, not a change.
    const after = Object.entries(await storedState(t, bookkeeping)).filter(
      ([name]) => !/\/listing-[0-9a-f]{16}(\.jpg|\.check\.json)$/.test(name),
    );
    expect(Object.fromEntries(after)).toEqual(before);
  });
});
