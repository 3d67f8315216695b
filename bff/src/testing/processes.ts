import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
