import { Router } from '@koa/router';
import { healthSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { healthService } from './health.service';

export function healthRoutes(deps: AppDeps): Router {
  const health = healthService(deps);
  const router = new Router();

  router.get('/health', async (ctx) => {
    const status = await health.status();
    ctx.status = status.ready ? 200 : 503;
    ctx.body = healthSchema.parse(status);
  });

  return router;
}
