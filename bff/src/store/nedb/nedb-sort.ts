import type { Sort } from '../model/types';

/** NeDB's order of types: undefined, null, numbers, strings, booleans, dates, then anything else. */
function rank(v: unknown): number {
  if (v === undefined) return 0;
  if (v === null) return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  if (typeof v === 'boolean') return 4;
  if (v instanceof Date) return 5;
  return 6;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 5) return (a as Date).getTime() - (b as Date).getTime();
  if (ra === 2 || ra === 3 || ra === 4) return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
  return 0;
}

/** A comparator for top-level sort keys, in NeDB's order: a few times faster than NeDB's generic one. */
export function comparatorOf(sort: Sort): (a: Record<string, unknown>, b: Record<string, unknown>) => number {
  const keys = Object.entries(sort);
  return (a, b) => {
    for (const [key, direction] of keys) {
      const c = compareValues(a[key], b[key]);
      if (c !== 0) return c * direction;
    }
    return 0;
  };
}
