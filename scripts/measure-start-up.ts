// Start-up time of the BFF: from spawning the process to the first 200 from /api/health.
// Usage: npx tsx scripts/measure-start-up.ts [runs] [-- <command...>]...   (default: node dist/bff/main.js)
// Several commands are measured in interleaved rounds, so a change in the machine's load hits them alike.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALLOCATOR_ENV } from '../bff/src/config/allocator-env';
import { freePort } from '../bff/src/testing/free-port';

const POLL_MS = 10;
const TIMEOUT_MS = 60_000;

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** One cold start in a fresh DATA_DIR, in milliseconds. */
async function startOnce(command: string[]): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-start-up-'));
  const port = await freePort();
  const [bin = 'node', ...args] = command;
  const started = performance.now();
  const child = spawn(bin, args, {
    env: {
      ...process.env,
      ...ALLOCATOR_ENV,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const url = `http://127.0.0.1:${port}/api/health`;
    while (!(await healthy(url))) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`${command.join(' ')} never answered`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [first, ...rest] = process.argv.slice(2);
  const runs = Number(first && first !== '--' ? first : 5);
  const commands: string[][] = [];
  for (const arg of first === '--' ? [first, ...rest] : rest)
    if (arg === '--') commands.push([]);
    else commands.at(-1)?.push(arg);
  if (!commands.length) commands.push(['node', 'dist/bff/main.js']);
  const times = commands.map((): number[] => []);
  for (let i = 0; i < runs; i++)
    for (const [k, command] of commands.entries()) times[k]?.push(await startOnce(command));
  for (const [k, command] of commands.entries()) {
    const runTimes = times[k] ?? [];
    const median = [...runTimes].sort((a, b) => a - b)[Math.floor(runs / 2)] ?? NaN;
    const list = runTimes.map((t) => t.toFixed(0)).join(', ');
    console.log(`${command.join(' ')}: median ${median.toFixed(0)} ms of ${runs} (runs: ${list})`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
