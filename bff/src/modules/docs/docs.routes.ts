import { Router } from '@koa/router';
import { publicConfigSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { cacheable } from '../../http/cache-control';
import { docsService } from './docs.service';

/** Public and the same for everyone: a browser may keep them, asking each time whether they changed. */
const REVALIDATE = 'no-cache';

/** Public, read-only descriptions of the service: the API document and the public settings. */
export function docsRoutes({ config, engine }: AppDeps): Router {
  const docs = docsService(config, engine.kind);
  const settings = publicConfigSchema.parse(docs.publicConfig());
  const router = new Router();

  router.get('/openapi.json', (ctx) => {
    cacheable(ctx, REVALIDATE);
    ctx.body = docs.openApi();
  });

  router.get('/public-config', (ctx) => {
    cacheable(ctx, REVALIDATE);
    ctx.body = settings;
  });

  return router;
}
