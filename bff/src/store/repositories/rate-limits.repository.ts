import type { RateLimitDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection } from '../model/types';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the sliding window after this one. */
  remaining: number;
  /** Seconds until one more hit would be allowed (for Retry-After); at least 1. */
  retryAfterSeconds: number;
}

/** The hits of the last `windowMs`, estimated from two fixed windows: all of this one, a share of the last. */
export const slidingEstimate = (previous: number, current: number, elapsedShare: number) =>
  previous * (1 - elapsedShare) + current;

/** When the next hit would be allowed, in milliseconds after the current window's start. */
function nextAllowedAt(previous: number, current: number, max: number, windowMs: number): number {
  // Still in this window, once enough of the last window has slid out.
  if (previous > 0 && current + 1 <= max) return (1 - (max - current - 1) / previous) * windowMs;
  // In the next window, once enough of this one has slid out.
  return windowMs + Math.max(0, 1 - (max - 1) / Math.max(current, 1)) * windowMs;
}

/**
 * Sliding-window counters shared by every process that uses the same store (login attempts, demos per
 * IP). A fixed clock window would let twice the limit through across its boundary; the estimate weighs
 * the previous window by the share of it still inside the last `windowMs`. Refused hits are not counted.
 */
export function rateLimitsRepository(limits: DocCollection<RateLimitDoc>) {
  const docId = (key: string, windowStart: number) => `${key}:${windowStart}`;

  async function count(key: string, windowStart: number, windowMs: number, by: 1 | -1) {
    // A window is read during the next one too, so it lives for two.
    const expiresAt = new Date(windowStart + 2 * windowMs);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const doc = await limits.findOneAndUpdate(
          { _id: docId(key, windowStart) },
          { $inc: { count: by }, $setOnInsert: { key, expiresAt } },
          { upsert: true, returnDocument: 'after' },
        );
        if (doc) return doc.count;
      } catch (err) {
        // Two first hits raced to insert; the loser increments the winner's document next time round.
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    }
    return Number.POSITIVE_INFINITY;
  }

  return {
    /** Counts one hit against `key`; atomic, so parallel hits never let more than `max` through. */
    async hit(key: string, windowMs: number, max: number, now: Date = new Date()): Promise<RateLimitResult> {
      const t = now.getTime();
      const windowStart = Math.floor(t / windowMs) * windowMs;
      const current = await count(key, windowStart, windowMs, 1);
      const previous = (await limits.findOne({ _id: docId(key, windowStart - windowMs) }))?.count ?? 0;
      const estimate = slidingEstimate(previous, current, (t - windowStart) / windowMs);
      const allowed = estimate <= max;
      if (!allowed && Number.isFinite(current)) await count(key, windowStart, windowMs, -1);
      // Parallel refused hits are each undone, so at most `max` stay counted in this window.
      const counted = Math.min(allowed ? current : current - 1, max);
      const retryAt = windowStart + nextAllowedAt(previous, counted, max, windowMs);
      return {
        allowed,
        remaining: Math.max(0, Math.floor(max - estimate)),
        retryAfterSeconds: Math.max(1, Math.ceil((retryAt - t) / 1000)),
      };
    },
    /** Forgets every window of `key` (e.g. after a successful login). */
    async reset(key: string): Promise<void> {
      await limits.deleteMany({ key });
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
