import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { currentUsageMonth } from '@shared/domain';
import { signUp } from '../testing/auth-helpers';
import { FakeOpenAI } from '../testing/fake-openai';
import { spawnTs, type NodeProcess } from '../testing/processes';
import { postProject } from '../testing/staging-helpers';
import { startTestApp } from '../testing/test-app';

/** `npm run worker` as a real process, with its JSON log lines collected. */
const spawnWorker = (env: Record<string, string>) => spawnTs('bff/src/worker-main.ts', env);

describe('a worker killed mid-job', () => {
  let fake: FakeOpenAI;
  let dataDir: string;
  const workers: NodeProcess[] = [];

  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-kill-'));
  });
  afterAll(async () => {
    for (const w of workers) await w.kill();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'is requeued as soon as the next process opens the embedded store, and completes exactly once, charged once',
    { timeout: 90_000 },
    async () => {
      const env = {
        DATA_DIR: dataDir,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        NODE_ENV: 'test',
        // One model call a job attempt: the draft pass would be another edit in the counts below.
        STAGING_DRAFT: 'false',
      };
      // The embedded store serves one process at a time: the app queues the job, then the workers run.
      const app = await startTestApp(env);
      const { jar, user } = await signUp(app.url);
      const created = (await (await postProject(app.url, jar)).json()) as Project;
      await app.close();

      // A long lease: the next process must not wait for it (it alone holds the embedded store).
      const workerEnv = { ...env, LOG_LEVEL: 'info', WORKER_LEASE_SECONDS: '120', WORKER_POLL_MS: '100' };
      fake.delayMs = 60_000;
      const first = spawnWorker(workerEnv);
      workers.push(first);
      await fake.waitFor('/images/edits', 1);
      first.child.kill('SIGKILL');
      await first.exited;

      fake.delayMs = 0;
      const restartedAt = Date.now();
      const second = spawnWorker(workerEnv);
      workers.push(second);
      await second.waitForLine(/job completed/, 60_000);
      expect(Date.now() - restartedAt).toBeLessThan(30_000);
      expect(second.lines.some((l) => l.includes('jobs of the last process requeued'))).toBe(true);
      second.child.kill('SIGTERM');
      await second.exited;

      const after = await startTestApp(env);
      try {
        const res = await jar.fetch(`${after.url}/api/projects/${created.id}`);
        const project = (await res.json()) as Project;
        expect(project.status).toBe('completed');
        expect(project.variants).toHaveLength(1);
        expect(fake.edits()).toHaveLength(2);
        expect(second.lines.filter((l) => l.includes('job completed'))).toHaveLength(1);
        const doc = await after.deps.repos.projects.findById(created.id);
        expect(doc?.attempts).toBe(2);
        expect(await after.deps.repos.usage.getUsed(user.id, currentUsageMonth())).toBe(1);
        const files = await readdir(path.join(dataDir, 'blobs', 'projects', created.id));
        // One result and its structure-check mask: nothing left over from the killed attempt.
        expect(files.sort()).toEqual(['changes-0.png', 'original.jpg', 'staged-0.jpg', 'thumb.jpg']);
        expect((await jar.fetch(`${after.url}${project.stagedImageUrl}`)).status).toBe(200);
      } finally {
        await after.close();
      }
    },
  );
});
