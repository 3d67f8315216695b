import { Router } from '@koa/router';
import { limitsSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireUser, type SignedInState } from '../../http/session';
import { limitsService } from './limits.service';

export function limitsRoutes({ repos }: AppDeps): Router {
  const limits = limitsService(repos);
  const router = new Router();

  router.get<SignedInState>('/user/limits', requireUser(repos.users), async (ctx) => {
    ctx.body = limitsSchema.parse(await limits.forUser(ctx.state.user));
  });

  return router;
}
