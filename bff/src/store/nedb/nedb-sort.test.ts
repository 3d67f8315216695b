import { describe, expect, it } from 'vitest';
import { comparatorOf, topOf } from './nedb-sort';

describe('comparatorOf', () => {
  it('orders dates, numbers and strings, breaks ties with the next key, in either direction', () => {
    const at = (m: number) => new Date(Date.UTC(2030, 0, 1, 0, m));
    const docs = [
      { _id: 'b', at: at(1) },
      { _id: 'a', at: at(1) },
      { _id: 'c', at: at(3) },
      { _id: 'd', at: at(2) },
    ];
    expect([...docs].sort(comparatorOf({ at: -1, _id: -1 })).map((d) => d._id)).toEqual(['c', 'd', 'b', 'a']);
    expect([...docs].sort(comparatorOf({ at: 1, _id: 1 })).map((d) => d._id)).toEqual(['a', 'b', 'd', 'c']);
    expect([{ n: 10 }, { n: 9 }, { n: 100 }].sort(comparatorOf({ n: 1 }))).toEqual([
      { n: 9 },
      { n: 10 },
      { n: 100 },
    ]);
  });

  it('puts missing and null values first, as NeDB does', () => {
    const docs = [{ v: 'x' }, { v: null }, {}, { v: 3 }];
    expect(docs.sort(comparatorOf({ v: 1 }))).toEqual([{}, { v: null }, { v: 3 }, { v: 'x' }]);
  });
});

describe('topOf', () => {
  const shuffled = (n: number) => {
    // A fixed shuffle with repeated values, so ties and their order are part of the check.
    const xs = Array.from({ length: n }, (_, i) => ({ i, v: (i * 7919) % Math.ceil(n / 3) }));
    return xs.sort((a, b) => ((a.i * 104729) % n) - ((b.i * 104729) % n));
  };
  const byV = (a: { v: number }, b: { v: number }) => a.v - b.v;

  it('gives what a stable sort then a slice gives, ties in arrival order', () => {
    const xs = shuffled(500);
    for (const limit of [0, 1, 21, 499, 500, 600])
      expect(topOf(xs, byV, limit)).toEqual([...xs].sort(byV).slice(0, limit));
  });

  it('turns most items away with one comparison instead of sorting them all', () => {
    let comparisons = 0;
    const counted = (a: { v: number }, b: { v: number }) => {
      comparisons += 1;
      return byV(a, b);
    };
    topOf(shuffled(2000), counted, 21);
    // A full sort of 2,000 takes about 20,000.
    expect(comparisons).toBeLessThan(3 * 2000);
  });
});
