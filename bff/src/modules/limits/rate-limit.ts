import { tooManyRequests } from '../../http/errors';
import type { Repositories } from '../../store';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Counts one hit; over the limit it is a 429 with the sentence and a Retry-After for the window's end. */
export async function enforceRateLimit(
  repos: Repositories,
  rule: { key: string; windowMs: number; max: number; message: string },
): Promise<void> {
  const r = await repos.rateLimits.hit(rule.key, rule.windowMs, rule.max);
  if (!r.allowed) throw tooManyRequests(rule.message, r.retryAfterSeconds);
}
