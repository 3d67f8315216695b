import { describe, expect, it } from 'vitest';
import { correlator } from './tile-correlation';

/** The correlation as its definition reads: one shift at a time. */
function direct(pattern: Float64Array, tile: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let sy = 0; sy < n; sy++)
    for (let sx = 0; sx < n; sx++) {
      let s = 0;
      for (let p = 0; p < n * n; p++)
        s += pattern[p]! * tile[(((p % n) + sx) % n) + ((Math.floor(p / n) + sy) % n) * n]!;
      out[sx + sy * n] = s;
    }
  return out;
}

describe('tile correlation by FFT', () => {
  it('gives every circular shift the score the direct sum gives', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (const n of [4, 32]) {
      const pattern = Float64Array.from({ length: n * n }, () => Math.sign(random()));
      const tile = Float64Array.from({ length: n * n }, () => random() * 8);
      const fast = correlator(pattern, n)(tile);
      const slow = direct(pattern, tile, n);
      for (let k = 0; k < n * n; k++) expect(fast[k]).toBeCloseTo(slow[k]!, 9);
    }
  });

  it('finds a shifted copy of the pattern at its shift', () => {
    const n = 32;
    const pattern = Float64Array.from({ length: n * n }, (_, p) => ((p * 2654435761) % 7 < 3 ? 1 : -1));
    const tile = new Float64Array(n * n);
    for (let p = 0; p < n * n; p++)
      tile[(((p % n) + 5) % n) + ((Math.floor(p / n) + 11) % n) * n] = pattern[p]!;
    const scores = correlator(pattern, n)(tile);
    const best = scores.indexOf(Math.max(...scores));
    expect([best % n, Math.floor(best / n)]).toEqual([5, 11]);
  });
});
