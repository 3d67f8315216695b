import { Router } from '@koa/router';
import { API_PATHS, analyzeResponseSchema } from '@shared/api';
import { UPLOAD_MAX_BYTES } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { readUpload } from '../../images';
import { analyzeService } from './analyze.service';

export function analyzeRoutes(deps: AppDeps): Router {
  const analyze = analyzeService(deps);
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);

  mount('post', API_PATHS.analyze, async ({ userId }, ctx) => {
    const who = { userId, ip: ctx.ip };
    const analysis = await analyze.analyze(who, () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES }));
    return analyzeResponseSchema.parse(analysis);
  });

  return router;
}
