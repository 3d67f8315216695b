import { Router } from '@koa/router';
import { API_PATHS, limitsSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { limitsService } from './limits.service';

export function limitsRoutes({ repos }: AppDeps): Router {
  const limits = limitsService(repos);
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('get', API_PATHS.userLimits, async ({ user }) => limitsSchema.parse(await limits.forUser(user)));

  return router;
}
