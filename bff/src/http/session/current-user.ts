import type { Context, Middleware } from 'koa';
import type { UserDoc, UsersRepository } from '../../store';
import { unauthorized } from '../errors';
import { sessionUserId } from './session-user';

/** What `requireUser` leaves for the route: the signed-in user, read once per request. */
export interface SignedInState {
  user: UserDoc;
}

export interface RequireUserOptions {
  /** The sentence of the 401; the default asks the visitor to sign in. */
  message?: string;
  /** Runs before the 401 (the sign-in routes drop a stale signed-in hint). */
  onRefused?: (ctx: Context) => void;
}

/**
 * Loads the signed-in user into `ctx.state.user`. A visitor, and a session whose account is gone, get a
 * 401 with the route's sentence before the route runs.
 */
export function requireUser(
  users: Pick<UsersRepository, 'findById'>,
  options: RequireUserOptions = {},
): Middleware<SignedInState> {
  return async (ctx, next) => {
    const id = sessionUserId(ctx);
    const user = id ? await users.findById(id) : null;
    if (!user) {
      options.onRefused?.(ctx);
      throw unauthorized(options.message);
    }
    ctx.state.user = user;
    await next();
  };
}
