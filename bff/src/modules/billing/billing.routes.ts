import { Router } from '@koa/router';
import { API_PATHS, billingPortalResponseSchema, createSubscriptionResponseSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { appOrigin, publicUrl } from '../../config';
import { readRawBody } from '../../http/read-raw-body';
import { routeMounter } from '../../http/mount';
import { billingService } from './billing.service';

const WEBHOOK_MAX_BYTES = 1024 * 1024;

export function billingRoutes(deps: AppDeps): Router {
  const { config, repos, logger } = deps;
  const billing = billingService(deps.stripe, repos, logger, {
    priceId: config.STRIPE_PRICE_ID,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    mail: deps.mail,
  });
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('post', API_PATHS.createSubscription, async ({ user }) =>
    createSubscriptionResponseSchema.parse({ clientSecret: await billing.createSubscription(user) }),
  );

  mount('post', API_PATHS.billingPortal, async ({ user }) =>
    billingPortalResponseSchema.parse({ url: await billing.portalUrl(user, publicUrl(config, '/')) }),
  );

  // The signature covers the exact bytes, so the body is read raw (the JSON parser skips this path).
  mount('post', API_PATHS.stripeWebhook, async (_input, ctx) => {
    const raw = await readRawBody(ctx.req, WEBHOOK_MAX_BYTES);
    const signature = ctx.get('Stripe-Signature') || undefined;
    return { received: true, outcome: await billing.handleWebhook(raw, signature, appOrigin(config)) };
  });

  return router;
}
