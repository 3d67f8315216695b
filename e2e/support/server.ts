import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALLOCATOR_ENV } from '../../bff/src/config/allocator-env';
import { freePort } from '../../bff/src/testing/free-port';

export { freePort };

import { deliveredMailbox, registerMailbox } from '../../bff/src/testing/mailboxes';

const BUILT_BFF = 'dist/bff/main.js';

export interface RunningServer {
  url: string;
  port: number;
  /** The server process (to read its memory). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Stops the process but keeps DATA_DIR, for restart tests. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Starts the built BFF (`dist/bff/main.js`, as `npm run serve` does) serving the built PWA, on a free port with a
 * temp DATA_DIR. The build is what ships, and it starts in half the time of transpiling the sources. */
export async function startServer(
  env: Record<string, string> = {},
  reuseDataDir?: string,
): Promise<RunningServer> {
  const dataDir = reuseDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'stagely-e2e-')));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let log = '';
  if (!existsSync(BUILT_BFF)) throw new Error(`${BUILT_BFF} is missing: run npm run build first`);
  const child = spawn(process.execPath, [BUILT_BFF], {
    env: {
      ...process.env,
      // As `npm run serve` starts it.
      ...ALLOCATOR_ENV,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Links in mail and shares point at the address the browser opens.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // One provider call per staging, as most files count them; the draft tests (and benches) turn it on.
      STAGING_DRAFT: 'false',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => log);
  registerMailbox(url, deliveredMailbox({ dataDir, smtpUrl: env.SMTP_URL }));
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => log,
    kill,
    stop: async () => {
      await kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
