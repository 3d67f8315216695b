import type { Context } from 'koa';
import type { ApiErrorCode } from '@shared/api';
import type { Repositories } from '../store';
import { badRequest, conflict } from './errors';

export interface IdempotencyKeyRule {
  pattern: RegExp;
  /** The 400's sentence for a key that does not match. */
  message: string;
  code: ApiErrorCode;
}

/** A queued request's retries carry the queue item's key; any visible ASCII, as HTTP allows. */
export const IDEMPOTENCY_KEY_RULE: IdempotencyKeyRule = {
  pattern: /^[\x21-\x7e]{1,200}$/,
  message: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  code: 'bad_idempotency_key',
};

/** The request's Idempotency-Key header: null when absent, a 400 when it breaks the route's rule. */
export function idempotencyKeyOf(ctx: Context, rule: IdempotencyKeyRule): string | null {
  const raw = ctx.get('Idempotency-Key');
  if (!raw) return null;
  if (!rule.pattern.test(raw)) throw badRequest(rule.message, rule.code);
  return raw;
}

/** How long a repeat waits for the first request with its key to finish. */
const KEY_WAIT_MS = 20_000;
const KEY_POLL_MS = 100;

/**
 * Owns the key (null), or what an earlier request with it made, as `earlier` finds it from the projects it
 * recorded. A request with the same key still running is waited for, so parallel retries all answer with
 * the one result.
 */
export async function claimIdempotencyKey<T>(
  repos: Repositories,
  userId: string,
  key: string,
  earlier: (projectIds: string[]) => Promise<T>,
): Promise<T | null> {
  const deadline = Date.now() + KEY_WAIT_MS;
  for (;;) {
    const claim = await repos.idempotency.claim(userId, key);
    if (claim.state === 'new') return null;
    const ids = claim.projectIds ?? (claim.projectId ? [claim.projectId] : []);
    if (ids.length > 0) return earlier(ids);
    if (Date.now() > deadline)
      throw conflict(
        'A request with this Idempotency-Key is still running. Please retry shortly.',
        'idempotency_in_progress',
      );
    await new Promise((r) => setTimeout(r, KEY_POLL_MS));
  }
}
