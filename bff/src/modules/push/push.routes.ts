import { Router } from '@koa/router';
import { API_PATHS } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { PushEndpoints } from '../../push';
import { pushService } from './push.service';

/** Web Push: the public key, and this device's subscription saved or removed. */
export function pushRoutes({ repos, vapid, config }: AppDeps): Router {
  const push = pushService(repos, vapid, new PushEndpoints(config.PUSH_SERVICE_ORIGINS));
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('get', API_PATHS.pushPublicKey, () => push.publicKey());

  mount('post', API_PATHS.pushSubscriptions, async ({ user, body }) => {
    await push.subscribe(user._id, body);
    return { ok: true };
  });

  // Works signed out too, so signing out can remove the device afterwards as well as before.
  mount('delete', API_PATHS.pushSubscriptions, async ({ body }) => {
    await push.unsubscribe(body.endpoint);
    return { ok: true };
  });

  return router;
}
