import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema } from '@shared/api';
import { freePort } from './testing/free-port';
import { spawnNode } from './testing/processes';
import { TEST_HEALTH_TOKEN } from './testing/health';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

// Plain node, no loader: the compiled output must run without tsx.
const plainNode = { NODE_OPTIONS: undefined, LOG_LEVEL: 'info', HOST: '127.0.0.1' };

describe('the BFF compiled by npm run build:bff', () => {
  let outDir: string;
  let dataDir: string;

  beforeAll(async () => {
    // Two levels below the repository, as dist/bff is.
    await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
    outDir = await mkdtemp(path.join(ROOT, '.tmp', 'compiled-bff-'));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-compiled-'));
    await run(process.execPath, ['scripts/build-bff.mjs', outDir], { cwd: ROOT });
  }, 60_000);
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves /api/health as plain JavaScript, with the version from package.json', async () => {
    const port = await freePort();
    const server = spawnNode([path.join(outDir, 'main.js')], {
      ...plainNode,
      DATA_DIR: dataDir,
      PORT: String(port),
      HEALTH_TOKEN: TEST_HEALTH_TOKEN,
    });
    try {
      await server.waitForLine(/Stagely listening on/);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { Authorization: `Bearer ${TEST_HEALTH_TOKEN}` },
      });
      expect(res.status).toBe(200);
      const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
      expect(healthSchema.parse(await res.json())).toMatchObject({ ready: true, version: pkg.version });
    } finally {
      await server.kill('SIGTERM');
    }
  });

  it('runs the worker on its own and stops it on SIGTERM', async () => {
    const worker = spawnNode([path.join(outDir, 'worker-main.js')], { ...plainNode, DATA_DIR: dataDir });
    await worker.waitForLine(/Stagely worker running/);
    await worker.kill('SIGTERM');
    expect(worker.child.exitCode).toBe(0);
  });

  it('checks the embedded store', async () => {
    const { stdout } = await run(process.execPath, [path.join(outDir, 'store-main.js'), 'check'], {
      cwd: ROOT,
      env: { ...process.env, ...plainNode, DATA_DIR: dataDir },
    });
    expect(stdout).toContain('No damage found.');
  });
});
