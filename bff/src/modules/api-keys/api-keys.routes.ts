import { Router } from '@koa/router';
import { API_PATHS } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { apiKeysService } from './api-keys.service';

/** Settings → API: list, create (the key shown once) and revoke the account's keys. */
export function apiKeysRoutes({ repos }: AppDeps): Router {
  const keys = apiKeysService(repos);
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('get', API_PATHS.apiKeys, async ({ user }) => ({ keys: await keys.list(user._id) }));
  mount('post', API_PATHS.apiKeys, ({ user, body }) => keys.create(user._id, body));
  mount('delete', API_PATHS.apiKey, async ({ user, params }) => {
    await keys.revoke(user._id, params.id);
    return { ok: true };
  });

  return router;
}
