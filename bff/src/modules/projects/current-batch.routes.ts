import { Router } from '@koa/router';
import { saveBatchRequestSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireUserId } from '../../http/session';
import { currentBatchService } from './current-batch.service';

/** GET and PUT /api/batch: the batch tab's photos, kept across reloads and devices. */
export function currentBatchRoutes({ repos }: AppDeps): Router {
  const batch = currentBatchService(repos);
  const router = new Router({ prefix: '/batch' });

  router.get('/', async (ctx) => {
    ctx.body = await batch.read(requireUserId(ctx));
  });

  router.put('/', async (ctx) => {
    const userId = requireUserId(ctx);
    ctx.body = await batch.save(userId, saveBatchRequestSchema.parse(ctx.request.body).projectIds);
  });

  return router;
}
