import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface NodeProcess {
  child: ChildProcess;
  /** Every line it wrote to stdout or stderr so far. */
  lines: string[];
  exited: Promise<void>;
  /** Resolves with the first line matching `pattern`; rejects with everything said if it takes too long. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A TypeScript entry point of the repository (`bff/src/...`) as a real Node process, run through tsx. */
export function spawnTs(script: string, env: Record<string, string>): NodeProcess {
  return spawnNode(['--import', 'tsx', script], env);
}

export interface CompiledBff {
  /** `name` (main, worker-main, or an extra entry's file name) compiled, as plain node runs it in production. */
  spawn(name: string, env: Record<string, string>): NodeProcess;
  remove(): Promise<void>;
}

/**
 * The BFF compiled once by `npm run build:bff` (plus `extra` entry points) into a folder of its own: a file that
 * starts many servers pays tsx's per-module transpiling and loader thread (half a start-up's CPU) only once.
 */
export async function compileBff(extra: string[] = []): Promise<CompiledBff> {
  // Two levels below the repository, as dist/bff is (start-up.ts finds package.json at ../../).
  await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
  const outDir = await mkdtemp(path.join(ROOT, '.tmp', 'compiled-bff-'));
  await promisify(execFile)(process.execPath, ['scripts/build-bff.mjs', outDir, ...extra], { cwd: ROOT });
  return {
    // No NODE_OPTIONS: the compiled files run without a loader, as in production.
    spawn: (name, env) => spawnNode([path.join(outDir, `${name}.js`)], { ...env, NODE_OPTIONS: undefined }),
    remove: () => rm(outDir, { recursive: true, force: true }),
  };
}

/** `node <args>` as a real process in the repository's root, as npm scripts run it. */
export function spawnNode(args: string[], env: Record<string, string | undefined>): NodeProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    lines,
    exited,
    async waitForLine(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const line = lines.find((l) => pattern.test(l));
        if (line) return line;
        if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null)
          throw new Error(
            `node ${args.join(' ')}: no line matching ${pattern}; it said:\n${lines.join('\n')}`,
          );
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
