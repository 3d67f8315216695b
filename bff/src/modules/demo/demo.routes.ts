import { Router } from '@koa/router';
import { demoStageResponseSchema } from '@shared/api';
import { UPLOAD_MAX_BYTES } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { readUpload } from '../../images';
import { projectImageUrl } from '../projects';
import { demoService } from './demo.service';

export function demoRoutes(deps: AppDeps): Router {
  const demo = demoService(deps);
  const router = new Router();

  router.post('/demo/stage', requireFreeSpace(deps.diskSpace), async (ctx) => {
    const project = await demo.stage(ctx.ip, () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES }));
    ctx.status = 201;
    ctx.body = demoStageResponseSchema.parse({
      id: project._id,
      originalImageUrl: projectImageUrl(project._id, 'original'),
      engine: project.engine,
    });
  });

  return router;
}
