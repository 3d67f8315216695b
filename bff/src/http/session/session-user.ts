import type { Context } from 'koa';
import { apiKeyCaller } from './api-key';

/** The signed-in user's id from the session (written by `startSession`) or the API key, or null for a visitor. */
export function sessionUserId(ctx: Context): string | null {
  const caller = apiKeyCaller(ctx);
  if (caller) return caller.userId;
  const session = (ctx as { session?: { userId?: unknown } | null }).session;
  const id = session?.userId;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** The id the session is stored under (its cookie's value), or null when the request has none yet. */
export function sessionId(ctx: Context): string | null {
  const session = (ctx as { session?: { externalKey?: unknown } | null }).session;
  const key = session?.externalKey;
  return typeof key === 'string' && key.length > 0 ? key : null;
}
