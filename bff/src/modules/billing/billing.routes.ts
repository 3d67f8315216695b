import { Router } from '@koa/router';
import { billingPortalResponseSchema, createSubscriptionResponseSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { appOrigin, publicUrl } from '../../config';
import { readRawBody } from '../../http/read-raw-body';
import { requireUser, type SignedInState } from '../../http/session';
import { billingService } from './billing.service';

const WEBHOOK_MAX_BYTES = 1024 * 1024;

export function billingRoutes(deps: AppDeps): Router {
  const { config, repos, logger } = deps;
  const billing = billingService(deps.stripe, repos, logger, {
    priceId: config.STRIPE_PRICE_ID,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    mail: deps.mail,
  });
  const signedIn = requireUser(repos.users);
  const router = new Router();

  router.post<SignedInState>('/create-subscription', signedIn, async (ctx) => {
    const clientSecret = await billing.createSubscription(ctx.state.user);
    ctx.body = createSubscriptionResponseSchema.parse({ clientSecret });
  });

  router.post<SignedInState>('/billing/portal', signedIn, async (ctx) => {
    const url = await billing.portalUrl(ctx.state.user, publicUrl(config, '/'));
    ctx.body = billingPortalResponseSchema.parse({ url });
  });

  // The signature covers the exact bytes, so the body is read raw (the JSON parser skips this path).
  router.post('/stripe/webhook', async (ctx) => {
    const raw = await readRawBody(ctx.req, WEBHOOK_MAX_BYTES);
    const outcome = await billing.handleWebhook(
      raw,
      ctx.get('Stripe-Signature') || undefined,
      appOrigin(config),
    );
    ctx.body = { received: true, outcome };
  });

  return router;
}
