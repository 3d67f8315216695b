import { Router } from '@koa/router';
import { billingPortalResponseSchema, createSubscriptionResponseSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { unauthorized } from '../../http/errors';
import { readRawBody } from '../../http/read-raw-body';
import { requireUserId } from '../../http/session';
import { billingService } from './billing.service';
import { publicOrigin } from '../../http/public-origin';

const WEBHOOK_MAX_BYTES = 1024 * 1024;

export function billingRoutes(deps: AppDeps): Router {
  const { config, repos, logger } = deps;
  const billing = billingService(deps.stripe, repos, logger, {
    priceId: config.STRIPE_PRICE_ID,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
  });
  const router = new Router();

  const currentUser = async (ctx: Parameters<typeof requireUserId>[0]) => {
    const user = await repos.users.findById(requireUserId(ctx));
    if (!user) throw unauthorized();
    return user;
  };

  router.post('/create-subscription', async (ctx) => {
    const user = await currentUser(ctx);
    ctx.body = createSubscriptionResponseSchema.parse({
      clientSecret: await billing.createSubscription(user),
    });
  });

  router.post('/billing/portal', async (ctx) => {
    const user = await currentUser(ctx);
    const origin = publicOrigin(ctx, config.PUBLIC_URL);
    ctx.body = billingPortalResponseSchema.parse({ url: await billing.portalUrl(user, `${origin}/`) });
  });

  // The signature covers the exact bytes, so the body is read raw (the JSON parser skips this path).
  router.post('/stripe/webhook', async (ctx) => {
    const raw = await readRawBody(ctx.req, WEBHOOK_MAX_BYTES);
    const outcome = await billing.handleWebhook(raw, ctx.get('Stripe-Signature') || undefined);
    ctx.body = { received: true, outcome };
  });

  return router;
}
