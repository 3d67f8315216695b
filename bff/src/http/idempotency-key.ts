import type { Context } from 'koa';
import { badRequest } from './errors';

export interface IdempotencyKeyRule {
  pattern: RegExp;
  /** The 400's sentence for a key that does not match. */
  message: string;
  code: string;
}

/** The request's Idempotency-Key header: null when absent, a 400 when it breaks the route's rule. */
export function idempotencyKeyOf(ctx: Context, rule: IdempotencyKeyRule): string | null {
  const raw = ctx.get('Idempotency-Key');
  if (!raw) return null;
  if (!rule.pattern.test(raw)) throw badRequest(rule.message, rule.code);
  return raw;
}
