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

/**
 * The first `limit` items in `compare` order, as a stable sort then slice would give them, without sorting
 * them all: most items are turned away by one comparison with the last one kept.
 */
export function topOf<D>(items: Iterable<D>, compare: (a: D, b: D) => number, limit: number): D[] {
  const kept: D[] = [];
  if (limit <= 0) return kept;
  for (const item of items) {
    if (kept.length === limit && compare(item, kept[limit - 1]!) >= 0) continue;
    // After every kept item it does not come before, so equal items keep their arrival order.
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(item, kept[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    kept.splice(lo, 0, item);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}
