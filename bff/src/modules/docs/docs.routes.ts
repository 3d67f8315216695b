import { Router } from '@koa/router';
import { API_PATHS, publicConfigSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { cacheable } from '../../http/cache-control';
import { routeMounter } from '../../http/mount';
import { docsService } from './docs.service';

/** Public and the same for everyone: a browser may keep them, asking each time whether they changed. */
const REVALIDATE = 'no-cache';

/** Public, read-only descriptions of the service: the API document and the public settings. */
export function docsRoutes({ config, engine, repos }: AppDeps): Router {
  const docs = docsService(config, engine.kind);
  const settings = publicConfigSchema.parse(docs.publicConfig());
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('get', API_PATHS.openapi, (_input, ctx) => {
    cacheable(ctx, REVALIDATE);
    return docs.openApi();
  });

  mount('get', API_PATHS.publicConfig, (_input, ctx) => {
    cacheable(ctx, REVALIDATE);
    return settings;
  });

  return router;
}
