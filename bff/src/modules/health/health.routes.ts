import { Router } from '@koa/router';
import { healthSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';

export function healthRoutes({ config, store, engine, diskSpace }: AppDeps): Router {
  const router = new Router();
  router.get('/health', async (ctx) => {
    const ready = await store.ping().then(
      () => true,
      () => false,
    );
    ctx.status = ready ? 200 : 503;
    ctx.body = healthSchema.parse({
      status: 'ok',
      store: store.kind,
      engine: engine.kind,
      version: config.version,
      ready,
      disk: await diskSpace.state(),
    });
  });
  return router;
}
