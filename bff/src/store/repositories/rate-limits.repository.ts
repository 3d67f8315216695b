import type { RateLimitDoc } from '../documents';
import { DuplicateKeyError, type DocCollection } from '../types';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in this window after this one. */
  remaining: number;
  /** Seconds until the window ends (for Retry-After); at least 1. */
  retryAfterSeconds: number;
}

/** Fixed-window counters shared by every process that uses the same store (login attempts, demos per IP). */
export function rateLimitsRepository(limits: DocCollection<RateLimitDoc>) {
  return {
    /** Counts one hit against `key` in the window containing `now`; atomic, so parallel hits are all counted. */
    async hit(key: string, windowMs: number, max: number, now: Date = new Date()): Promise<RateLimitResult> {
      const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
      const expiresAt = new Date(windowStart + windowMs);
      const _id = `${key}:${windowStart}`;
      let doc: RateLimitDoc | null = null;
      for (let attempt = 0; attempt < 3 && !doc; attempt++) {
        try {
          doc = await limits.findOneAndUpdate(
            { _id },
            { $inc: { count: 1 }, $setOnInsert: { key, expiresAt } },
            { upsert: true, returnDocument: 'after' },
          );
        } catch (err) {
          // Two first hits raced to insert; the loser increments the winner's document next time round.
          if (!(err instanceof DuplicateKeyError)) throw err;
        }
      }
      const count = doc?.count ?? max + 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
      return { allowed: count <= max, remaining: Math.max(0, max - count), retryAfterSeconds };
    },
    /** Forgets every window of `key` (e.g. after a successful login). */
    async reset(key: string): Promise<void> {
      await limits.deleteMany({ key });
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
