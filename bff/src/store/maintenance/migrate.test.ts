import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, testProject, type Harness } from '../contract/harness';
import type { Collections } from '../model/collections';
import { migrate } from './migrate';

/** The collections with every call on `projects` written down by name. */
function countingProjects(c: Collections): { collections: Collections; calls: string[] } {
  const calls: string[] = [];
  const projects = new Proxy(c.projects, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { collections: { ...c, projects }, calls };
}

describe('start-up migration (embedded store)', () => {
  let h: Harness;
  afterEach(() => h.dispose());

  it('drops the nulls an older release stored for absent fields', async () => {
    h = await createHarness('nedb');
    const project = await h.repos.projects.insert(testProject('owner-1'));
    await h.store.collections.projects.updateOne(
      { _id: project._id },
      { $set: { expiresAt: null, shareToken: null } },
    );
    await migrate(h.store.collections);
    const [stored] = await h.store.collections.projects.find({ _id: project._id });
    expect(stored).not.toHaveProperty('expiresAt');
    expect(stored).not.toHaveProperty('shareToken');
  });

  it('reads the projects once for the nulls and once for the queue on data already migrated', async () => {
    h = await createHarness('nedb');
    await h.repos.projects.insert(testProject('owner-1'));
    // Each pass reads every project at start-up: 100k projects cost about 0.1 s CPU a pass.
    const { collections, calls } = countingProjects(h.store.collections);
    await migrate(collections);
    expect(calls).toEqual(['countDocuments', 'find']);
  });
});
