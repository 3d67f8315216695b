import { describe, expect, it } from 'vitest';
import type { Project, VersionList } from '@shared/api';
import { signUp } from '../../testing/auth-helpers';
import { postProject, waitForFinish } from '../../testing/staging-helpers';
import { startWorker } from '../../jobs';
import { TEST_WORKER_TUNING } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

/** Records that parse as JSON but not as what the code wrote (an old version, a hand edit, an import). */
describe('well-formed but wrongly shaped records', () => {
  const t = useTestApp();

  async function stagedProject() {
    const { jar } = await signUp(t.url);
    const created = (await (await postProject(t.url, jar)).json()) as Project;
    const worker = startWorker(t.deps, TEST_WORKER_TUNING);
    try {
      await waitForFinish(t.url, jar, created.id);
    } finally {
      await worker.stop();
    }
    return { jar, id: created.id };
  }

  it('the versions list answers with the versions it can read, never a 500', async () => {
    const { jar, id } = await stagedProject();
    const projects = t.deps.store.collections.projects;
    const list = async () => {
      const res = await jar.fetch(`${t.url}/api/projects/${id}/versions`);
      expect(res.status).toBe(200);
      return ((await res.json()) as VersionList).versions.map((v) => v.number);
    };
    await projects.updateOne({ _id: id }, { $set: { versions: 'not a list' } });
    expect(await list()).toEqual([0, 1]);
    await projects.updateOne(
      { _id: id },
      {
        $set: {
          versions: [
            {
              number: 1,
              kind: 'staging',
              staged: ['x'],
              alterations: ['staged'],
              note: null,
              createdAt: new Date(),
            },
            { number: 'two', kind: 'refine', staged: 'x', createdAt: 'yesterday' },
            { number: 3, kind: 'refine', staged: null, alterations: null, structure: 'no', createdAt: 7 },
            null,
          ],
        },
      },
    );
    expect(await list()).toEqual([0, 1, 3]);
    // A version whose image key is not a key: not found, not a 500.
    const image = await jar.fetch(`${t.url}/api/projects/${id}/versions/3/image`);
    expect(image.status).toBe(404);
  });

  it('an archived original whose record lost its shape answers 404, not 500', async () => {
    const { id } = await stagedProject();
    const project = await t.deps.repos.projects.findById(id);
    const code = await t.deps.repos.originalLinks.ensure(project!.ownerId!, 'some-share-token', {
      kind: 'project',
      projectId: id,
    });
    await t.deps.store.collections.originalLinks.updateOne(
      { _id: code },
      { $set: { archive: { key: 42, width: 'wide', height: null, archivedAt: 'then' } } },
    );
    for (const path of [`/api/originals/${code}`, `/api/originals/${code}/image`]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
    }
  });
});
