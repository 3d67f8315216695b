import { Router } from '@koa/router';
import { analyzeResponseSchema } from '@shared/api';
import { UPLOAD_MAX_BYTES } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { sessionUserId } from '../../http/session';
import { readUpload } from '../../images';
import { analyzeService } from './analyze.service';

export function analyzeRoutes(deps: AppDeps): Router {
  const analyze = analyzeService(deps);
  const router = new Router();

  router.post('/analyze', async (ctx) => {
    const who = { userId: sessionUserId(ctx), ip: ctx.ip };
    const analysis = await analyze.analyze(who, () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES }));
    ctx.body = analyzeResponseSchema.parse(analysis);
  });

  return router;
}
