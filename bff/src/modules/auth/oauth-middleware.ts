import type { Middleware } from 'koa';
import grant from 'grant';
import type { Config } from '../../config';
import { configuredProviders, grantConfig } from './oauth-providers';

const CALLBACK = /^\/api\/auth\/connect\/[^/]+\/callback$/;

/** grant's Koa handler for /api/auth/connect/:provider(/callback); a no-op when no provider is configured. */
export function oauthMiddleware(config: Config): Middleware {
  const providers = configuredProviders(config);
  if (providers.length === 0) return (_ctx, next) => next();
  const handler = grant.koa()(grantConfig(config, providers)) as Middleware;
  return async (ctx, next) => {
    // A callback without the session that started the flow (replayed or forged) is refused outright.
    const started = (ctx.session as { grant?: unknown } | null)?.grant;
    if (CALLBACK.test(ctx.path) && !started) {
      ctx.redirect('/?signin=failed');
      return;
    }
    await handler(ctx, next);
  };
}
