import { Router } from '@koa/router';
import { API_PATHS, demoStageResponseSchema } from '@shared/api';
import { UPLOAD_MAX_BYTES } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import type { demoService } from './demo.service';
import { requireFreeSpace } from '../../http/disk-guard';
import { routeMounter } from '../../http/mount';
import { readUpload } from '../../images';
import { projectImageUrl } from '../projects';

export function demoRoutes(deps: AppDeps, { demo }: { demo: ReturnType<typeof demoService> }): Router {
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);

  mount(
    'post',
    API_PATHS.demoStage,
    async (_input, ctx) => {
      const project = await demo.stage(ctx.ip, () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES }));
      return demoStageResponseSchema.parse({
        id: project._id,
        originalImageUrl: projectImageUrl(project._id, 'original'),
        engine: project.engine,
      });
    },
    { before: [requireFreeSpace(deps.diskSpace)] },
  );

  return router;
}
