import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { currentUsageMonth } from '@shared/domain';
import { signUp } from '../testing/auth-helpers';
import { FakeOpenAI } from '../testing/fake-openai';
import { postProject } from '../testing/staging-helpers';
import { startTestApp } from '../testing/test-app';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run worker` as a real process, with its JSON log lines collected. */
function spawnWorker(env: Record<string, string>): {
  child: ChildProcess;
  lines: string[];
  exited: Promise<void>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/jobs/worker-main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, lines, exited };
}

async function until(check: () => boolean, timeoutMs: number, what: string, lines: string[]): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; worker said:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a worker killed mid-job', () => {
  let fake: FakeOpenAI;
  let dataDir: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-kill-'));
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
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
      workers.push(first.child);
      await fake.waitFor('/images/edits', 1);
      first.child.kill('SIGKILL');
      await first.exited;

      fake.delayMs = 0;
      const restartedAt = Date.now();
      const second = spawnWorker(workerEnv);
      workers.push(second.child);
      await until(
        () => second.lines.some((l) => l.includes('job completed')),
        60_000,
        'the job to complete',
        second.lines,
      );
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
        expect(files.sort()).toEqual(['original.jpg', 'staged-0.jpg', 'thumb.jpg']);
        expect((await jar.fetch(`${after.url}${project.stagedImageUrl}`)).status).toBe(200);
      } finally {
        await after.close();
      }
    },
  );
});
