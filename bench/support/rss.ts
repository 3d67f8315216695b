import { readFile } from 'node:fs/promises';

export const mb = (bytes: number) => bytes / (1024 * 1024);

/** Resident memory of a process, from the kernel's own accounting. */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}

/** Samples `pid`'s RSS every 50 ms while `work` runs; returns the highest. */
export async function peakDuring(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = await rssBytes(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await rssBytes(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return peak;
}
