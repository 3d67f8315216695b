import { Router } from '@koa/router';
import { limitsSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { unauthorized } from '../../http/errors';
import { requireUserId } from '../../http/session';
import { limitsService } from './limits.service';

export function limitsRoutes({ repos }: AppDeps): Router {
  const limits = limitsService(repos);
  const router = new Router();
  router.get('/user/limits', async (ctx) => {
    const user = await repos.users.findById(requireUserId(ctx));
    if (!user) throw unauthorized();
    ctx.body = limitsSchema.parse(await limits.forUser(user));
  });
  return router;
}
