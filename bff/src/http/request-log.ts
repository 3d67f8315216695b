import type { Middleware } from 'koa';
import type { Logger } from '../config';

/** One log line per request, after the response is known. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        {
          method: ctx.method,
          url: ctx.originalUrl,
          status: ctx.status,
          ms: Math.round(performance.now() - start),
        },
        'request',
      );
    }
  };
}
