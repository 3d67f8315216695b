import type { APIRequestContext } from 'playwright-core';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { FakeStripe } from '../../bff/src/testing/fake-stripe';
import type { RunningServer } from './server';

const WEBHOOK_SECRET = 'whsec_e2e_secret';
const signer = new Stripe('sk_test_e2e_signer');

/** A loopback Stripe and the server variables that point the BFF at it (payments on). */
export async function startFakeStripe(): Promise<{ stripe: FakeStripe; env: Record<string, string> }> {
  const stripe = await new FakeStripe().start();
  return {
    stripe,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_PRICE_ID: 'price_pro_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  };
}

/**
 * Makes the signed-in user of `request` Pro as a real payment would: a subscription is set up, Stripe
 * (the fake) marks it active and its signed webhook tells the server. Pro has no monthly limit, so a test
 * can make as many projects through the API as it needs. Returns the subscription's id.
 */
export async function becomePro(
  request: APIRequestContext,
  server: RunningServer,
  stripe: FakeStripe,
): Promise<string> {
  const setUp = await request.post(`${server.url}/api/create-subscription`, {
    headers: { Origin: server.url },
  });
  expect(setUp.status()).toBe(200);
  const { id: userId } = (await (await request.get(`${server.url}/api/auth/user`)).json()) as { id: string };
  const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.userId === userId);
  if (!sub) throw new Error('becomePro: no subscription was set up');
  stripe.setStatus(sub.id, 'active');
  await sendSubscriptionWebhook(request, server, stripe, sub.id);
  const limits = (await (await request.get(`${server.url}/api/user/limits`)).json()) as {
    maxGenerations: unknown;
  };
  expect(limits.maxGenerations).toBe('unlimited');
  return sub.id;
}

/** Stripe's signed 'subscription updated' webhook for `subscriptionId`, as Stripe sends after any change. */
export async function sendSubscriptionWebhook(
  request: APIRequestContext,
  server: RunningServer,
  stripe: FakeStripe,
  subscriptionId: string,
): Promise<void> {
  const sub = stripe.subscriptions.get(subscriptionId);
  if (!sub) throw new Error(`sendSubscriptionWebhook: no subscription ${subscriptionId}`);
  const payload = JSON.stringify({
    id: `evt_${sub.id}_${stripe.requests.length}_${Date.now()}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sub.id, object: 'subscription', customer: sub.customer, status: sub.status } },
  });
  const hook = await request.post(`${server.url}/api/stripe/webhook`, {
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    data: payload,
  });
  expect(hook.status()).toBe(200);
}
