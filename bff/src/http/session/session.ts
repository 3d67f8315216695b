import type Koa from 'koa';
import type { Middleware } from 'koa';
import session from 'koa-session';
import type { Config } from '../../config';
import type { Repositories } from '../../store';
import { CookieSigner } from './cookie-signer';

export const SESSION_COOKIE = 'stagely.sid';
/** Readable, non-secret hint that a session exists, so the PWA skips `/api/auth/user` for visitors. */
export const SIGNED_IN_HINT_COOKIE = 'stagely_auth';

export interface SessionData {
  userId?: string;
  createdAt?: number;
  grant?: unknown;
}

/** koa-session with its store in the document store; idle expiry via maxAge+renew, absolute expiry via `valid`. */
export function sessionMiddleware(app: Koa, config: Config, repos: Repositories, keys: string[]): Middleware {
  app.keys = new CookieSigner(keys);
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = config.SESSION_ABSOLUTE_DAYS * 24 * 60 * 60_000;
  // Past its absolute lifetime a session is refused (`valid`) and its store entry goes at once
  // (a failed delete is harmless: the entry still ends with the idle timeout).
  app.on('session:invalid', ({ key }: { key?: string }) => {
    if (key) repos.sessions.destroy(key).catch(() => undefined);
  });
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: idleMs,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      // renew (not rolling): the store is written only when half the idle time has passed, not on every request.
      renew: true,
      store: {
        get: (sid: string) => repos.sessions.get(sid),
        set: (sid: string, data: Record<string, unknown>, maxAge: number) =>
          repos.sessions.set(sid, data, maxAge),
        destroy: (sid: string) => repos.sessions.destroy(sid),
      },
      valid: (_ctx: unknown, data: SessionData) =>
        typeof data.createdAt !== 'number' || Date.now() - data.createdAt < absoluteMs,
    },
    app,
  );
}
