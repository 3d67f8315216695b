import { describe, expect, it } from 'vitest';
import {
  BAD_CURSOR,
  BAD_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  encodeProjectCursor,
  projectListSchema,
  type Project,
} from '@shared/api';
import { PROJECTS_PAGE_MAX, PROJECTS_PAGE_SIZE } from '@shared/domain';
import { createRepositories } from '../../store';
import { signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { useTestApp } from '../../testing/use-test-app';

const T0 = new Date('2026-11-01T09:00:00.000Z');

describe('GET /api/projects pages the list (real HTTP)', () => {
  const t = useTestApp();
  const api = (query = '') => `${t.url}/api/projects${query}`;

  /** Stores projects for `ownerId` straight through the repository, created at the times given. */
  async function seed(ownerId: string, items: { name: string; at: Date }[]): Promise<string[]> {
    const ids: string[] = [];
    for (const item of items) {
      const repos = createRepositories(t.deps.store, () => item.at);
      const id = crypto.randomUUID();
      await repos.projects.insert({
        _id: id,
        ownerId,
        name: item.name,
        stagingMode: 'stage',
        roomType: 'bedroom',
        stylePreset: 'modern',
        colorPalette: null,
        customPrompt: null,
        engine: 'preview',
        images: { original: `projects/${id}/original.jpg`, thumb: `projects/${id}/thumb.jpg`, staged: [] },
        width: 800,
        height: 600,
        creditMonth: null,
        expiresAt: null,
      });
      ids.push(id);
    }
    return ids;
  }

  async function page(jar: CookieJar, query = '') {
    const res = await jar.fetch(api(query));
    expect(res.status, await res.clone().text()).toBe(200);
    return { projects: projectListSchema.parse(await res.json()), next: res.headers.get(NEXT_CURSOR_HEADER) };
  }

  /** Follows X-Next-Cursor from the first page to the last. */
  async function walk(jar: CookieJar, query: string): Promise<Project[][]> {
    const pages: Project[][] = [];
    let next: string | null = null;
    do {
      const cursor: string = next ? `&before=${encodeURIComponent(next)}` : '';
      const answer = await page(jar, `?${query}${cursor}`);
      pages.push(answer.projects);
      next = answer.next;
    } while (next && pages.length < 10);
    return pages;
  }

  it('answers 45 projects as 3 pages of 20, newest first, with no gap or repeat, ties in time included', async () => {
    const { jar, user } = await signUp(t.url);
    // Groups of three share a millisecond, as projects a batch stores at once can.
    const items = Array.from({ length: 45 }, (_, i) => ({
      name: `Room ${i + 1}`,
      at: new Date(T0.getTime() + Math.floor(i / 3) * 1000),
    }));
    const ids = await seed(user.id, items);
    const other = await signUp(t.url);
    await seed(other.user.id, [{ name: 'Room of someone else', at: new Date(T0.getTime() + 5000) }]);

    const pages = await walk(jar, 'limit=20');
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    const seen = pages.flat().map((p) => p.id);
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort()).toEqual([...ids].sort());
    const times = pages.flat().map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(pages.flat().some((p) => p.name === 'Room of someone else')).toBe(false);

    // The last page says so by having no cursor; the first page by default is the same 20.
    const first = await page(jar);
    expect(first.projects.map((p) => p.id)).toEqual(pages[0]!.map((p) => p.id));
    expect(first.projects).toHaveLength(PROJECTS_PAGE_SIZE);
    expect(first.next).toMatch(/^[\w-]+$/);
  });

  it('takes up to 100 per page and refuses more, or a bad cursor, with a sentence', async () => {
    const { jar, user } = await signUp(t.url);
    await seed(
      user.id,
      Array.from({ length: 105 }, (_, i) => ({ name: `Flat ${i}`, at: new Date(T0.getTime() + i) })),
    );
    const max = await page(jar, `?limit=${PROJECTS_PAGE_MAX}`);
    expect(max.projects).toHaveLength(PROJECTS_PAGE_MAX);
    const rest = await page(jar, `?limit=${PROJECTS_PAGE_MAX}&before=${max.next}`);
    expect(rest.projects).toHaveLength(5);
    expect(rest.next).toBeNull();

    for (const query of [`?limit=${PROJECTS_PAGE_MAX + 1}`, '?limit=0', '?limit=abc', '?limit=1.5']) {
      const res = await jar.fetch(api(query));
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(BAD_PAGE_SIZE);
    }
    const forged = btoa(JSON.stringify({ $gt: '' }));
    for (const before of ['nonsense!', forged, 'e30']) {
      const res = await jar.fetch(api(`?before=${encodeURIComponent(before)}`));
      expect(res.status, before).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(BAD_CURSOR);
    }
  });

  it('searches names in any case, taking regular-expression characters literally', async () => {
    const { jar, user } = await signUp(t.url);
    const names = [
      'Kitchen (1)',
      'kitchen 2',
      'Den.*',
      'Den 2',
      'Attic [x]',
      'Bath $5^',
      'Hall a+b',
      'Hall aab',
    ];
    await seed(
      user.id,
      names.map((name, i) => ({ name, at: new Date(T0.getTime() + i * 1000) })),
    );
    const other = await signUp(t.url);
    await seed(other.user.id, [{ name: 'Kitchen (1) of someone else', at: T0 }]);
    const found = async (q: string) =>
      (await page(jar, `?q=${encodeURIComponent(q)}`)).projects.map((p) => p.name);
    expect(await found('KITCHEN')).toEqual(['kitchen 2', 'Kitchen (1)']);
    expect(await found('  (1) ')).toEqual(['Kitchen (1)']);
    expect(await found('.*')).toEqual(['Den.*']);
    expect(await found('[x]')).toEqual(['Attic [x]']);
    expect(await found('$5^')).toEqual(['Bath $5^']);
    expect(await found('a+b')).toEqual(['Hall a+b']);
    expect(await found('(')).toEqual(['Kitchen (1)']);
    expect(await found('nothing like it')).toEqual([]);

    // A search pages like the whole list.
    const pages = await walk(jar, 'q=den&limit=1');
    expect(pages.map((p) => p.map((x) => x.name))).toEqual([['Den 2'], ['Den.*']]);
    const long = await jar.fetch(api(`?q=${'x'.repeat(121)}`));
    expect(long.status).toBe(400);
  });

  it("never shows another user's projects, whatever cursor is sent", async () => {
    const a = await signUp(t.url);
    const b = await signUp(t.url);
    const bIds = await seed(
      b.user.id,
      Array.from({ length: 3 }, (_, i) => ({ name: `B ${i}`, at: new Date(T0.getTime() + i) })),
    );
    const aIds = await seed(a.user.id, [{ name: 'A only', at: T0 }]);
    const cursorOfB = encodeProjectCursor({ createdAt: new Date(T0.getTime() + 10), id: bIds[0]! });
    for (const query of ['', `?before=${cursorOfB}`, '?q=B', `?limit=${PROJECTS_PAGE_MAX}`]) {
      const answer = await page(a.jar, query);
      expect(
        answer.projects.every((p) => aIds.includes(p.id)),
        query,
      ).toBe(true);
    }
    expect((await page(a.jar)).projects.map((p) => p.name)).toEqual(['A only']);
    expect((await fetch(api())).status).toBe(401);
  });
});
