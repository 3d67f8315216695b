import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { API_PATHS, healthSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { healthService } from './health.service';

const digestOf = (text: string) => createHash('sha256').update(text).digest();

/** The operator's token, compared in constant time; no token configured: nobody gets the details. */
function asksWithToken(ctx: Context, token: string | undefined): boolean {
  const sent = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
  return Boolean(token && sent && timingSafeEqual(digestOf(sent), digestOf(token)));
}

export function healthRoutes(deps: AppDeps): Router {
  const health = healthService(deps);
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);

  mount('get', API_PATHS.health, async (_input, ctx) => {
    const status = await health.status(asksWithToken(ctx, deps.config.HEALTH_TOKEN));
    ctx.status = status.ready ? 200 : 503;
    return healthSchema.parse(status);
  });

  return router;
}
