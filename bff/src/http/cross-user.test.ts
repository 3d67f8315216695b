import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { json } from '../testing/auth-helpers';
import { CookieJar } from '../testing/cookie-jar';
import { routeName } from '../testing/routes';
import { storedState } from '../testing/stored-state';
import { useTestApp } from '../testing/use-test-app';
import { addressesOf, PER_RECORD, userWithData, type UserWithData } from '../testing/user-data';

/** The per-record reads every owner has; routes added later are still in every 404 check below. */
const READABLE = [
  'GET /api/projects/{id}',
  'GET /api/projects/{id}/status',
  'GET /api/projects/{id}/images/{kind}',
  'GET /api/projects/{id}/download',
  'GET /api/user/profile-image/{id}',
  'GET /api/properties/{id}',
  'GET /api/properties/{id}/rooms/{roomId}/images/{kind}',
  'GET /api/properties/{id}/share',
  'GET /api/properties/{id}/download',
];

/** Bodies that pass validation for the routes whose body is checked before the record is looked up. */
const VALID_BODIES: Record<string, unknown> = {
  'PATCH /api/projects/{id}/versions/{number}': { current: true },
  'POST /api/projects/{id}/edits': { kind: 'refine', instruction: 'make the sofa grey' },
};

describe("user B and visitors against user A's records", () => {
  const t = useTestApp();
  let a: UserWithData;
  let b: UserWithData;

  beforeAll(async () => {
    a = await userWithData(t);
    b = await userWithData(t);
    // Pro, so a 4K download is refused for ownership and not for the plan.
    await t.deps.repos.users.update(b.user.id, { plan: 'pro' });
  });

  it('covers projects, properties and rooms, every image kind and variant, downloads and profile pictures', () => {
    const urls = addressesOf(a).map((x) => `${x.method} ${x.url}`);
    expect(PER_RECORD.map(routeName)).toEqual(
      expect.arrayContaining([
        ...READABLE,
        'DELETE /api/projects/{id}',
        'PATCH /api/properties/{id}',
        'DELETE /api/properties/{id}',
        'POST /api/properties/{id}/rooms',
        'PATCH /api/properties/{id}/rooms/{roomId}',
        'DELETE /api/properties/{id}/rooms/{roomId}',
        'POST /api/properties/{id}/share',
        'DELETE /api/properties/{id}/share',
      ]),
    );
    expect(urls).toContain(`GET /api/properties/${a.property.id}/rooms/${a.room.id}/images/thumb`);
    expect(urls).toContain(`GET /api/projects/${a.project.id}/images/staged?variant=2`);
    expect(urls).toContain(`GET /api/projects/${a.project.id}/download?size=4k`);
  });

  it('A reads every one of them (so a 404 below is about ownership, not a bad address)', async () => {
    for (const { url } of addressesOf(a).filter((x) => READABLE.includes(routeName(x.route)))) {
      const res = await a.jar.fetch(`${t.url}${url}`);
      expect(res.status, url).toBe(url.includes('4k') ? 403 : 200);
      // Read to the end: a download still streaming would write its kept photos during the next test.
      await res.arrayBuffer();
    }
  });

  it('B gets 404 for each read, change and delete, and so does a visitor (401 where a session is required)', async () => {
    const before = await storedState(t);
    for (const { method, url, route } of addressesOf(a)) {
      // A change that would pass validation, so a 404 is about ownership and not about the body.
      const body = VALID_BODIES[routeName(route)] ?? (method === 'PATCH' ? { name: 'Taken over' } : null);
      const init = body ? json(body, { method }) : { method };
      const asB = await b.jar.fetch(`${t.url}${url}`, init);
      expect(asB.status, `B ${method} ${url}`).toBe(404);
      expect(((await asB.json()) as { error: string }).error).toBe('not_found');
      const asVisitor = await new CookieJar().fetch(`${t.url}${url}`, init);
      expect(asVisitor.status, `visitor ${method} ${url}`).toBe(route.auth === 'session' ? 401 : 404);
    }
    expect(await storedState(t)).toEqual(before);
  });

  it("keeps A's projects, properties and preferences out of B's own lists and settings", async () => {
    const list = (await (await b.jar.fetch(`${t.url}/api/projects`)).json()) as Project[];
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining([b.project.id]));
    expect(list.map((p) => p.id)).not.toContain(a.project.id);
    const properties = (await (await b.jar.fetch(`${t.url}/api/properties`)).json()) as { id: string }[];
    expect(properties.map((p) => p.id)).toEqual([b.property.id]);
    const prefsOf = async (u: UserWithData) =>
      (await (await u.jar.fetch(`${t.url}/api/user/preferences`)).json()) as {
        inAppNotifications: { tips: boolean };
      };
    const aBefore = await prefsOf(a);
    expect(aBefore.inAppNotifications.tips).toBe(true);
    const put = await b.jar.fetch(`${t.url}/api/user/preferences`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ inAppNotifications: { project_completed: false, tips: false } }),
    });
    expect(put.status).toBe(200);
    expect((await prefsOf(b)).inAppNotifications.tips).toBe(false);
    expect(await prefsOf(a)).toEqual(aBefore);
  });

  it('answers hostile ids with 404 or 400, never 500 and never a record', async () => {
    const ids = [
      '..%2F..%2Fusers',
      '%2e%2e',
      '%00',
      encodeURIComponent('{"$ne":null}'),
      encodeURIComponent(a.project.id.toUpperCase()),
      `${a.project.id}%20`,
      'x'.repeat(2000),
    ];
    for (const id of ids) {
      for (const suffix of ['', '/status', '/images/original', '/download']) {
        const res = await b.jar.fetch(`${t.url}/api/projects/${id}${suffix}`);
        expect([400, 404], `${id}${suffix}`).toContain(res.status);
      }
    }
    const injected = await b.jar.fetch(`${t.url}/api/projects/${a.project.id}/images/staged?variant[$gt]=0`);
    expect([400, 404]).toContain(injected.status);
  });
});
