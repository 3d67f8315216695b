import { Router } from '@koa/router';
import { API_PATHS } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { currentBatchService } from './current-batch.service';

/** GET and PUT /api/batch: the batch tab's photos, kept across reloads and devices. */
export function currentBatchRoutes({ repos }: AppDeps): Router {
  const batch = currentBatchService(repos);
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('get', API_PATHS.batch, ({ user }) => batch.read(user._id));

  mount('put', API_PATHS.batch, ({ user, body }) => batch.save(user._id, body.projectIds));

  return router;
}
