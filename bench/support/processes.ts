import { spawn } from 'node:child_process';
import { track } from './resources';

/** Runs `node --import tsx <script>` until it prints `ready`; the process is stopped on cleanup. */
export async function startScript(
  script: string,
  env: Record<string, string>,
  ready = 'listening',
): Promise<{ stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = track(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes(ready)) resolve();
    });
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    void exited.then(() => reject(new Error(`${script} exited:\n${log}`)));
  });
  return { stop };
}

/** Runs a command to completion and returns its stdout; stderr is kept for the error message. */
export async function runCommand(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = track(() => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return Promise.resolve();
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  await stop();
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${code}): ${err}`);
  return out;
}
