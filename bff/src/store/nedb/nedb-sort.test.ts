import { describe, expect, it } from 'vitest';
import { comparatorOf } from './nedb-sort';

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
