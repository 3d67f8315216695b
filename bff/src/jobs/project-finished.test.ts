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
      // Mail is the last channel told, and clearing the claim is its last write (after the enqueue): once the
      // claim is gone, every channel has heard the event. Reading the claim when the mail shows races that write.
      const mailDecided = async () =>
        Boolean(await t.deps.repos.mailOutbox.get(`project-finished:${id}`)) &&
        !(await t.deps.repos.projects.findById(id))?.notifyPending;
      await expect.poll(mailDecided).toBe(true);
      for (const heard of [live, push]) {
        expect(heard.map((e) => [e.project._id, e.project.status, e.project.name])).toEqual([
          [id, 'completed', 'Told once'],
        ]);
      }
    } finally {
      await worker.stop();
    }
  });
});
