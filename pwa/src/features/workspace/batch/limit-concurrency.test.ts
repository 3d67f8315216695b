// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './limit-concurrency';

describe('limitConcurrency', () => {
  it('never runs more than the limit at once, starts the rest in order, and survives failures', async () => {
    const limit = limitConcurrency(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const results = [0, 1, 2, 3, 4].map((n) =>
      limit(async () => {
        started.push(n);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => releases.push(r));
        running -= 1;
        if (n === 1) throw new Error('analysis failed');
        return n;
      }),
    );
    const all = Promise.allSettled(results);
    const flush = () => new Promise((r) => setTimeout(r, 0));
    await flush();
    expect(started).toEqual([0, 1]);
    while (releases.length > 0) {
      releases.shift()?.();
      await flush();
    }
    const settled = await all;
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });
});
