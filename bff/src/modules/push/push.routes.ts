import { Router } from '@koa/router';
import { pushSubscriptionRequestSchema, pushUnsubscribeRequestSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireUserId } from '../../http/session';
import { PushEndpoints } from '../../push';
import { pushService } from './push.service';

/** Web Push: the public key, and this device's subscription saved or removed. */
export function pushRoutes({ repos, vapid, config }: AppDeps): Router {
  const push = pushService(repos, vapid, new PushEndpoints(config.PUSH_SERVICE_ORIGINS));
  const router = new Router({ prefix: '/push' });

  router.get('/public-key', (ctx) => {
    ctx.body = push.publicKey();
  });

  router.post('/subscriptions', async (ctx) => {
    const userId = requireUserId(ctx);
    await push.subscribe(userId, pushSubscriptionRequestSchema.parse(ctx.request.body));
    ctx.status = 201;
    ctx.body = { ok: true };
  });

  // Works signed out too, so signing out can remove the device afterwards as well as before.
  router.delete('/subscriptions', async (ctx) => {
    await push.unsubscribe(pushUnsubscribeRequestSchema.parse(ctx.request.body).endpoint);
    ctx.body = { ok: true };
  });

  return router;
}
