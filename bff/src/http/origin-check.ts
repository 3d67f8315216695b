import type { Middleware } from 'koa';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Fetch Metadata values a browser sends for our own pages (or a user's own navigation). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * CSRF defence for cookie sessions: unsafe methods must come from our own origin. Without Origin, the
 * browser's Sec-Fetch-Site decides: a sibling subdomain ('same-site') gets our SameSite=Lax cookie, so only
 * 'same-origin' passes. Requests with neither header (curl, server-to-server such as Stripe webhooks) carry
 * no ambient browser cookies from another site, so they pass.
 */
export function originCheck(publicUrl: string | undefined): Middleware {
  const configured = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const own = configured ?? `${ctx.protocol}://${ctx.host}`;
      if (origin && origin !== own)
        throw forbidden('Requests from other sites are not allowed.', 'cross_origin');
      const site = ctx.get('Sec-Fetch-Site');
      if (!origin && site && !OWN_FETCH_SITES.has(site)) {
        throw forbidden('Requests from other sites are not allowed.', 'cross_origin');
      }
    }
    await next();
  };
}
