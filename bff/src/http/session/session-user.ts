import type { Context } from 'koa';
import { unauthorized } from '../errors';

/** The signed-in user's id from the session (written by `startSession`), or null for a visitor. */
export function sessionUserId(ctx: Context): string | null {
  const session = (ctx as { session?: { userId?: unknown } | null }).session;
  const id = session?.userId;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** The signed-in user's id; a 401 with a sentence for visitors. */
export function requireUserId(ctx: Context, message?: string): string {
  const id = sessionUserId(ctx);
  if (!id) throw unauthorized(message);
  return id;
}

/** The id the session is stored under (its cookie's value), or null when the request has none yet. */
export function sessionId(ctx: Context): string | null {
  const session = (ctx as { session?: { externalKey?: unknown } | null }).session;
  const key = session?.externalKey;
  return typeof key === 'string' && key.length > 0 ? key : null;
}
