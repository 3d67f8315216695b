// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backoffDelay, withJitter } from './backoff';

describe('backoff', () => {
  it('doubles from the base with each try and stops at the cap', () => {
    const backoff = { baseMs: 1000, maxMs: 10_000 };
    expect([0, 1, 2, 3, 4, 5, 50].map((n) => backoffDelay(n, backoff))).toEqual([
      1000, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('wakes a timer up to a fifth later, at random, never sooner', () => {
    expect(withJitter(10_000, () => 0)).toBe(10_000);
    expect(withJitter(10_000, () => 0.5)).toBe(11_000);
    expect(withJitter(10_000, () => 0.999)).toBeLessThanOrEqual(12_000);
    const spread = new Set(Array.from({ length: 50 }, () => withJitter(60_000)));
    expect(spread.size).toBeGreaterThan(1);
    for (const ms of spread) expect(ms).toBeGreaterThanOrEqual(60_000);
  });
});
