import type { Context, Middleware } from 'koa';
import grant from 'grant';
import { API_PATHS, apiPath, pathTemplatePattern } from '@shared/api';
import type { Config } from '../../config';
import { configuredProviders, FAILED_SIGN_IN_PATH, grantConfig, type GrantResult } from './oauth-providers';

const PREFIX = apiPath('authConnect', { provider: '' });
const CALLBACK = pathTemplatePattern(`${API_PATHS.authConnect}/callback`);

const grantSession = (ctx: Context) => ctx.session as { grant?: GrantResult } | null;

/** grant's Koa handler for /api/auth/connect/:provider(/callback); a no-op when no provider is configured. */
export function oauthMiddleware(config: Config): Middleware {
  const providers = configuredProviders(config);
  if (providers.length === 0) return (_ctx, next) => next();
  const handler = grant.koa()(grantConfig(config, providers)) as Middleware;
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREFIX)) {
      await next();
      return;
    }
    // A callback without the session that started the flow (replayed or forged) is refused outright.
    if (CALLBACK.test(ctx.path) && !grantSession(ctx)?.grant) {
      ctx.redirect(FAILED_SIGN_IN_PATH);
      return;
    }
    await handler(ctx, next);
  };
}

/** The result grant left in the session, removed so it is used once. */
export function takeGrantResult(ctx: Context): GrantResult | undefined {
  const session = grantSession(ctx);
  const result = session?.grant;
  if (session) delete session.grant;
  return result;
}
