import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '../../config';
import { signUp } from '../../testing/auth-helpers';
import { FakeStripe } from '../../testing/fake-stripe';
import { useTestApp } from '../../testing/use-test-app';
import { PORTAL_UNAVAILABLE } from './billing.service';
import { checkBillingPortal, createStripe } from './stripe-client';

describe('Stripe edges, through the real SDK against the Stripe fake', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await new FakeStripe().start();
  });
  afterAll(() => stripe.stop());
  const env = () => ({
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_PRICE_ID: 'price_pro_499',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_API_URL: stripe.url,
  });
  const t = useTestApp({ env });

  it('completes a first invoice with nothing to pay (a coupon or a trial): Pro at once, no 502', async () => {
    stripe.nothingDue = true;
    try {
      const { jar } = await signUp(t.url);
      const res = await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ clientSecret: null });
      const me = (await (await jar.fetch(`${t.url}/api/auth/user`)).json()) as { plan: string };
      expect(me.plan).toBe('pro');
    } finally {
      stripe.nothingDue = false;
    }
  });

  it('answers a clear sentence when no customer portal was configured, and start-up says so', async () => {
    stripe.portalConfigured = false;
    try {
      const { jar } = await signUp(t.url);
      await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
      const res = await jar.fetch(`${t.url}/api/billing/portal`, { method: 'POST' });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'portal_unavailable', message: PORTAL_UNAVAILABLE });

      const config = loadConfig({ DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent', ...env() });
      const warnings: string[] = [];
      const logger = createLogger(config);
      logger.warn = (msg: unknown) => void warnings.push(String(msg));
      const client = createStripe(config)!;
      expect(await checkBillingPortal(client, logger)).toBe(false);
      expect(warnings.join('\n')).toMatch(/no customer portal configuration/);
      stripe.portalConfigured = true;
      expect(await checkBillingPortal(client, logger)).toBe(true);
    } finally {
      stripe.portalConfigured = true;
    }
  });
});
