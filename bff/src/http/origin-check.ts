import type { Middleware } from 'koa';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: unsafe methods must come from our own origin.
 * Requests without Origin and Sec-Fetch-Site (curl, server-to-server such as Stripe webhooks) carry no
 * ambient browser cookies from another site, so they pass.
 */
export function originCheck(publicUrl: string | undefined): Middleware {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const own = configured ?? `${ctx.protocol}://${ctx.host}`;
      if (origin && origin !== own)
        throw forbidden('Requests from other sites are not allowed.', 'cross_origin');
      if (!origin && ctx.get('Sec-Fetch-Site') === 'cross-site') {
        throw forbidden('Requests from other sites are not allowed.', 'cross_origin');
      }
    }
    await next();
  };
}
