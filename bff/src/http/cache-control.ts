import type { Context, Middleware } from 'koa';

/** API answers are per user and change at any moment: no browser, proxy or service worker keeps them. */
export const NO_STORE = 'no-store';

/**
 * Every /api answer is `no-store` unless its route opts out with `cacheable`; an error answer always is,
 * even when the route had already opted out before it failed.
 */
export function noStoreByDefault(): Middleware {
  return async (ctx, next) => {
    ctx.set('Cache-Control', NO_STORE);
    try {
      await next();
    } catch (err) {
      ctx.set('Cache-Control', NO_STORE);
      throw err;
    }
  };
}

/** Opts one answer out of the API's no-store default (an image that never changes, a public document). */
export function cacheable(ctx: Context, policy: string): void {
  ctx.set('Cache-Control', policy);
}
