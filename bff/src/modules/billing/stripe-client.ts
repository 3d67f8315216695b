import Stripe from 'stripe';
import type { Config, Logger } from '../../config';
import type { PaymentsClient } from '../../payments-client';

/** The real Stripe SDK when a secret key is configured; STRIPE_API_URL points it elsewhere (a local fake in tests). */
export function createStripe(config: Config): PaymentsClient | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Stagely' },
  };
  if (config.STRIPE_API_URL) {
    const url = new URL(config.STRIPE_API_URL);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === 'https:' ? '443' : '80');
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(config.STRIPE_SECRET_KEY, options);
}

/** Pro is an active or trialing subscription, nothing else. */
export const PRO_STATUSES = new Set(['active', 'trialing']);

/**
 * Says at start-up when Stripe has no default customer portal configuration: until one is saved in the
 * dashboard, 'Manage subscription' answers a sentence asking the user to contact support.
 */
export async function checkBillingPortal(stripe: PaymentsClient, logger: Logger): Promise<boolean> {
  try {
    const list = await stripe.billingPortal.configurations.list({ is_default: true, limit: 1 });
    if (list.data.length > 0) return true;
    logger.warn(
      'Stripe has no customer portal configuration: save the portal settings in the Stripe dashboard (Settings > Billing > Customer portal), or subscribers cannot manage their subscription',
    );
    return false;
  } catch (err) {
    logger.warn({ err }, 'Stripe customer portal configuration could not be checked');
    return false;
  }
}
