import { Router } from '@koa/router';
import { API_PATHS } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { WebhookTargets } from '../../webhooks';
import { webhooksService } from './webhooks.service';

/** Settings → API: register, list and remove webhook endpoints; see and replay their deliveries. */
export function webhooksRoutes({ repos, config, webhooks }: AppDeps): Router {
  const service = webhooksService(repos, new WebhookTargets(config.WEBHOOK_ALLOWED_ORIGINS), webhooks);
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('get', API_PATHS.webhooks, async ({ user }) => ({ webhooks: await service.list(user._id) }));
  mount('post', API_PATHS.webhooks, ({ user, body }) => service.create(user._id, body));
  mount('delete', API_PATHS.webhook, async ({ user, params }) => {
    await service.remove(user._id, params.id);
    return { ok: true };
  });
  mount('get', API_PATHS.webhookDeliveries, async ({ user, params }) => ({
    deliveries: await service.deliveries(user._id, params.id),
  }));
  mount('post', API_PATHS.webhookReplay, ({ user, params }) =>
    service.replay(user._id, params.id, params.deliveryId),
  );

  return router;
}
