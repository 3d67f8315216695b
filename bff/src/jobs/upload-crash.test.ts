import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Project, Limits } from '@shared/api';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { deliveredMailbox, registerMailbox } from '../testing/mailboxes';
import { CRASH_STEPS, type CrashStep } from '../testing/crash-steps';
import { makePhoto } from '../testing/images';
import { compileBff, type CompiledBff } from '../testing/processes';
import { postProject } from '../testing/staging-helpers';

let bff: CompiledBff;
let photo: Buffer;

/** What a restarted server reports for the account, and which project folders are on disk. */
async function stateAfterRestart(env: Record<string, string>, jar: CookieJar) {
  const server = bff.spawn('main', { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  try {
    const port = /listening on http:\/\/[^:]+:(\d+)/.exec(await server.waitForLine(/listening on/))?.[1];
    const url = `http://127.0.0.1:${port}`;
    const limits = (await (await jar.fetch(`${url}/api/user/limits`)).json()) as Limits;
    const projects = (await (await jar.fetch(`${url}/api/projects`)).json()) as Project[];
    const folders = await readdir(path.join(env.DATA_DIR!, 'blobs', 'projects')).catch(() => []);
    // The account keeps working after the repair.
    const again = await postProject(url, jar, { photo });
    return {
      used: limits.generationsUsed,
      projects: projects.map((p) => p.id),
      folders,
      again: again.status,
    };
  } finally {
    await server.kill('SIGTERM');
  }
}

describe('a server killed at each step of an upload or a delete', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'stagely-crash-'));
    await mkdir(path.join(root, 'dist'), { recursive: true });
    await writeFile(path.join(root, 'dist', 'index.html'), '<!doctype html><title>t</title>');
    // One photo for every upload; the servers compiled once for the file, as production runs them.
    photo = await makePhoto({ width: 800, height: 600 });
    bff = await compileBff(['bff/src/testing/crash-server.ts']);
  }, 60_000);
  afterAll(async () => {
    await bff.remove();
    await rm(root, { recursive: true, force: true });
  });

  // Each step has its own servers and DATA_DIR, so the steps run side by side (vitest's maxConcurrency, 5).
  it.concurrent.for(CRASH_STEPS)(
    'after %s: credits == projects and no orphan photo after a restart',
    { timeout: 60_000 },
    async (step: CrashStep, { expect }) => {
      const env = {
        DATA_DIR: path.join(root, step),
        PWA_DIST_DIR: path.join(root, 'dist'),
        NODE_ENV: 'production',
        WORKER_ENABLED: 'false',
      };
      const crashing = bff.spawn('crash-server', { ...env, CRASH_AFTER: step });
      let jar: CookieJar;
      let kept: string[] = [];
      try {
        const { port } = JSON.parse(await crashing.waitForLine(/"port"/)) as { port: number };
        const url = `http://127.0.0.1:${port}`;
        registerMailbox(url, deliveredMailbox({ dataDir: env.DATA_DIR }));
        ({ jar } = await signUp(url));
        if (step === 'delete') {
          const first = (await (await postProject(url, jar, { photo })).json()) as Project;
          kept = [first.id];
          const doomed = (await (await postProject(url, jar, { photo })).json()) as Project;
          await jar.fetch(`${url}/api/projects/${doomed.id}`, { method: 'DELETE' }).catch(() => null);
        } else {
          await postProject(url, jar, { photo }).catch(() => null);
        }
        await crashing.exited;
        expect(crashing.child.signalCode).toBe('SIGKILL');
      } finally {
        await crashing.kill();
      }

      const after = await stateAfterRestart(env, jar);
      // The project survives only when it was stored before the crash.
      const stored = step === 'insert' || step === 'settle' ? 1 : 0;
      expect(after.projects.length).toBe(kept.length + stored);
      expect(after.projects).toEqual(expect.arrayContaining(kept));
      // A deleted project keeps its credit used; otherwise every credit has its project.
      expect(after.used).toBe(step === 'delete' ? 2 : after.projects.length);
      expect(after.folders.sort()).toEqual([...after.projects].sort());
      expect(after.again).toBe(201);
    },
  );
});
