import { readFile } from 'node:fs/promises';

const CLOCK_TICKS_PER_S = 100;

/** User + system CPU time of a process so far, in ms (from /proc, in clock ticks): a busy machine leaves it be. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}
