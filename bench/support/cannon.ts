import { createRequire } from 'node:module';
import { runCommand } from './processes';

/** Resolved when used: autocannon is one of the bench's own packages (bench/package.json), not CI's. */
const autocannonPath = () => createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface CannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** autocannon in its own process (so it does not share a CPU budget with the server), JSON out. */
export async function cannon(
  url: string,
  { connections, seconds, cookie }: { connections: number; seconds: number; cookie?: string },
): Promise<CannonResult> {
  const args = ['-c', String(connections), '-d', String(seconds), '-j'];
  if (cookie) args.push('-H', `Cookie=${cookie}`);
  const result = JSON.parse(await runCommand(process.execPath, [autocannonPath(), ...args, url])) as CannonResult;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors: not measuring what we think`);
  return result;
}
