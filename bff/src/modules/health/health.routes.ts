import { Router } from '@koa/router';
import { API_PATHS, healthSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { healthService } from './health.service';

export function healthRoutes(deps: AppDeps): Router {
  const health = healthService(deps);
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);

  mount('get', API_PATHS.health, async (_input, ctx) => {
    const status = await health.status();
    ctx.status = status.ready ? 200 : 503;
    return healthSchema.parse(status);
  });

  return router;
}
