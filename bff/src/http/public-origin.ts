import type { Context } from 'koa';

/**
 * The origin users see: PUBLIC_URL when set, else the request's own (X-Forwarded-* with TRUST_PROXY).
 * Not `ctx.origin`: since Koa 3 that is the request's Origin header, absent on plain GETs.
 */
export function publicOrigin(ctx: Context, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${ctx.protocol}://${ctx.host}`;
}
