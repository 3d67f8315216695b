import type { Context } from 'koa';
import type { Config } from '../../config';
import { SIGNED_IN_HINT_COOKIE, type SessionData } from './session';

const session = (ctx: Context) => ctx.session as (SessionData & { regenerate(): Promise<void> }) | null;

function setHint(ctx: Context, config: Config, on: boolean): void {
  ctx.cookies.set(SIGNED_IN_HINT_COOKIE, on ? '1' : '', {
    httpOnly: false,
    sameSite: 'lax',
    signed: false,
    overwrite: true,
    ...(on ? { maxAge: config.SESSION_IDLE_MINUTES * 60_000 } : { expires: new Date(0) }),
  });
}

/** A fresh session id at every sign-in (no fixation), with the times the timeouts are measured from. */
export async function startSession(ctx: Context, config: Config, userId: string): Promise<void> {
  const s = session(ctx);
  if (!s) throw new Error('session middleware missing');
  delete s.grant;
  s.userId = userId;
  s.createdAt = Date.now();
  await s.regenerate();
  setHint(ctx, config, true);
}

/** Destroys the session server-side (the store entry goes), so an old cookie is worthless. */
export function endSession(ctx: Context, config: Config): void {
  ctx.session = null;
  setHint(ctx, config, false);
}

/** The session cookie is renewed while the user is active; the hint must outlive it, not expire first. */
export function refreshHint(ctx: Context, config: Config): void {
  setHint(ctx, config, true);
}

/** A 401 means the hint is stale: drop it so the PWA stops asking. */
export function clearHint(ctx: Context, config: Config): void {
  if (ctx.cookies.get(SIGNED_IN_HINT_COOKIE)) setHint(ctx, config, false);
}
