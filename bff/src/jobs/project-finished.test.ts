import { describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { signUp } from '../testing/auth-helpers';
import { postProject, waitForFinish } from '../testing/staging-helpers';
import { TEST_WORKER_TUNING } from '../testing/test-app';
import { useTestApp } from '../testing/use-test-app';
import type { ProjectFinished } from '../project-changes';
import { startWorker } from './worker';

describe("the worker's one 'project finished' event", () => {
  const t = useTestApp();

  it('reaches the live events, Web Push and mail once each, with the project as stored', async () => {
    const live: ProjectFinished[] = [];
    const push: ProjectFinished[] = [];
    const worker = startWorker(
      {
        ...t.deps,
        liveEvents: { projectChanged: () => undefined, projectFinished: (e) => void live.push(e) },
        push: { projectFinished: (e) => void push.push(e) },
      },
      TEST_WORKER_TUNING,
    );
    try {
      const { jar } = await signUp(t.url);
      const res = await postProject(t.url, jar, { fields: { name: 'Told once' } });
      const { id } = (await res.json()) as Project;
      await waitForFinish(t.url, jar, id);
      // Mail is the last channel told: once its mail is queued, every channel has heard the event.
      await expect.poll(() => t.deps.repos.mailOutbox.get(`project-finished:${id}`)).toBeTruthy();
      for (const heard of [live, push]) {
        expect(heard.map((e) => [e.project._id, e.project.status, e.project.name])).toEqual([
          [id, 'completed', 'Told once'],
        ]);
      }
      expect((await t.deps.repos.projects.findById(id))?.notifyPending).toBeFalsy();
    } finally {
      await worker.stop();
    }
  });
});
