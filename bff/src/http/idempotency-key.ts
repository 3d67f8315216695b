import type { Context } from 'koa';
import { badRequest } from './errors';

export interface IdempotencyKeyRule {
  pattern: RegExp;
  /** The 400's sentence for a key that does not match. */
  message: string;
  code: string;
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
