import type { Middleware } from 'koa';
import grant from 'grant';
import type { Config } from '../../config';
import { configuredProviders, grantConfig } from './oauth-providers';

const PREFIX = '/api/auth/connect/';
const CALLBACK = /^\/api\/auth\/connect\/[^/]+\/callback$/;

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
    if (CALLBACK.test(ctx.path) && !(ctx.session as { grant?: unknown } | null)?.grant) {
      ctx.redirect('/?signin=failed');
      return;
    }
    // Without PUBLIC_URL the redirect URI follows the request (Host, or X-Forwarded-* with TRUST_PROXY).
    if (!config.PUBLIC_URL) ctx.state.grant = { dynamic: { origin: `${ctx.protocol}://${ctx.host}` } };
    await handler(ctx, next);
  };
}
