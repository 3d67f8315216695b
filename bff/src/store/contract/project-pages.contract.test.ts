import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories, type NewProject, type Repositories } from '../repositories';
import { BACKENDS, announceSkips, createHarness, testProject, type Harness } from './harness';

announceSkips('project pages contract');

const T0 = new Date('2030-01-01T00:00:00Z');

const newProject = (ownerId: string, name: string, id: string): NewProject =>
  testProject(ownerId, {
    _id: id,
    name,
    images: { original: `projects/${id}/original.jpg`, thumb: `projects/${id}/thumb.jpg`, staged: [] },
  });

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`project pages contract: ${backend.name}`, () => {
    let h: Harness;
    let clock: Date;
    let repos: Repositories;
    beforeEach(async () => {
      h = await createHarness(backend.name);
      clock = T0;
      repos = createRepositories(h.store, () => clock);
    });
    afterEach(() => h.dispose());

    /** Walks every page of `limit` and returns the ids in the order they came. */
    async function walk(ownerId: string, limit: number, nameContains?: string): Promise<string[][]> {
      const pages: string[][] = [];
      let before: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const page = await repos.projects.pageForOwner(ownerId, { limit, before, nameContains });
        if (page.length === 0) return pages;
        pages.push(page.map((p) => p._id));
        const last = page.at(-1)!;
        before = { createdAt: last.createdAt, id: last._id };
      }
    }

    it('pages newest first, ties in creation time by id, with no gap and no repeat', async () => {
      // Three projects in each millisecond, inserted in an order that is neither the id order nor its reverse.
      for (let i = 0; i < 12; i++) {
        clock = new Date(T0.getTime() + Math.floor(i / 3));
        const id = `p${String((i * 7) % 12).padStart(2, '0')}`;
        await repos.projects.insert(newProject('owner', `Room ${i}`, id));
      }
      await repos.projects.insert(newProject('other', 'Room of someone else', 'z99'));
      const pages = await walk('owner', 5);
      expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
      const all = await repos.projects.listForOwner('owner');
      const expected = [...all]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1))
        .map((p) => p._id);
      expect(pages.flat()).toEqual(expected);
      expect(new Set(pages.flat()).size).toBe(12);
      expect(pages.flat()).not.toContain('z99');
    });

    it('finds by name, any case, taking regular-expression characters literally', async () => {
      const names = ['Kitchen (1)', 'kitchen 1', 'Den.*', 'Den 2', 'Attic [x]', 'Bath $5^'];
      for (const [i, name] of names.entries()) {
        clock = new Date(T0.getTime() + i);
        await repos.projects.insert(newProject('owner', name, `p${i}`));
      }
      const found = async (text: string) =>
        (await repos.projects.pageForOwner('owner', { limit: 10, nameContains: text })).map((p) => p.name);
      expect(await found('KITCHEN')).toEqual(['kitchen 1', 'Kitchen (1)']);
      expect(await found('(1)')).toEqual(['Kitchen (1)']);
      expect(await found('.*')).toEqual(['Den.*']);
      expect(await found('[x]')).toEqual(['Attic [x]']);
      expect(await found('$5^')).toEqual(['Bath $5^']);
      expect(await found('nothing')).toEqual([]);
      expect((await walk('owner', 1, 'den')).flat()).toEqual(['p3', 'p2']);
    });
  });
}
