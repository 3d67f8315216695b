import type { Project, User } from '@shared/api';
import { PRIORITY_HEAD_START_SECONDS } from '@shared/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUp } from '../../testing/auth-helpers';
import { FAKE_PERIOD_END, FakeStripe } from '../../testing/fake-stripe';
import { postProject } from '../../testing/staging-helpers';
import {
  WEBHOOK_SECRET,
  postWebhook as post,
  signWebhook as sign,
  stripeEvent as event,
} from '../../testing/stripe-webhooks';
import { withTestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

describe('billing without Stripe configured', () => {
  it("answers 'Subscription Unavailable' sentences, never a crash", async () => {
    await withTestApp({}, async (t) => {
      const { jar } = await signUp(t.url);
      const res = await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: 'payments_unavailable',
        message: 'Subscription functionality is not currently available. Please contact support.',
      });
      expect((await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', body: '{}' })).status).toBe(503);
    });
  });
});

describe('billing against a local Stripe fake', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await new FakeStripe().start();
  });
  afterAll(() => stripe.stop());
  const t = useTestApp({
    env: () => ({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_PRICE_ID: 'price_pro_499',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    }),
  });
  const postWebhook = (payload: string, signature: string) => post(t.url, payload, signature);

  it('creates one customer and one incomplete subscription, reused on a second setup', async () => {
    const { jar, user } = await signUp(t.url);
    const first = await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
    expect(first.status).toBe(200);
    const { clientSecret } = (await first.json()) as { clientSecret: string };
    expect(clientSecret).toMatch(/^pi_secret_sub_/);
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
    expect(created.params.get('payment_behavior')).toBe('default_incomplete');
    expect(created.params.get('items[0][price]')).toBe('price_pro_499');
    expect([...created.params.values()]).toContain('latest_invoice.confirmation_secret');

    const second = await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
    expect(((await second.json()) as { clientSecret: string }).clientSecret).toBe(clientSecret);
    const mine = [...stripe.subscriptions.values()].filter((s) => s.metadata.userId === user.id);
    expect(mine).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });

  it('makes the user Pro only from verified Stripe state, idempotently and in any order', async () => {
    const { jar, user } = await signUp(t.url);
    await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
    const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.userId === user.id)!;
    stripe.setStatus(sub.id, 'active');
    const subObj = { id: sub.id, object: 'subscription', customer: sub.customer, status: 'incomplete' };
    const events = [
      event('evt_a1', 'customer.subscription.created', subObj),
      event('evt_a2', 'invoice.paid', {
        id: sub.latest_invoice,
        object: 'invoice',
        parent: { subscription_details: { subscription: sub.id } },
      }),
      event('evt_a3', 'customer.subscription.updated', { ...subObj, status: 'active' }),
    ];
    const deliveries = [...events, ...events, ...events].sort(() => Math.random() - 0.5);
    const outcomes: string[] = [];
    for (const payload of deliveries) {
      const res = await postWebhook(payload, sign(payload));
      expect(res.status).toBe(200);
      outcomes.push(((await res.json()) as { outcome: string }).outcome);
    }
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(6);
    const limits = (await (await jar.fetch(`${t.url}/api/user/limits`)).json()) as unknown;
    expect(limits).toMatchObject({
      hasActiveSubscription: true,
      maxGenerations: 'unlimited',
      canGenerate: true,
    });
    expect(((await (await jar.fetch(`${t.url}/api/auth/user`)).json()) as { plan: string }).plan).toBe('pro');

    // Cancelled in Stripe: the free quota comes back, whatever the event claims.
    stripe.setStatus(sub.id, 'canceled');
    const deleted = event('evt_a4', 'customer.subscription.deleted', { ...subObj, status: 'active' });
    expect((await postWebhook(deleted, sign(deleted))).status).toBe(200);
    expect(await (await jar.fetch(`${t.url}/api/user/limits`)).json()).toMatchObject({
      hasActiveSubscription: false,
      maxGenerations: 5,
    });
  });

  it('stores the period end from the webhook: the renewal date, then the end date once cancelled', async () => {
    const { jar, user } = await signUp(t.url);
    await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
    const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.userId === user.id)!;
    const subObj = { id: sub.id, object: 'subscription', customer: sub.customer, status: 'active' };
    const me = async () => (await (await jar.fetch(`${t.url}/api/auth/user`)).json()) as User;
    const periodEnd = new Date(FAKE_PERIOD_END * 1000);

    stripe.setStatus(sub.id, 'active');
    const activated = event('evt_p1', 'customer.subscription.updated', subObj);
    expect((await postWebhook(activated, sign(activated))).status).toBe(200);
    expect((await t.deps.repos.users.findById(user.id))?.subscription).toMatchObject({
      currentPeriodEnd: periodEnd,
      cancelAt: null,
    });
    expect((await me()).subscription).toEqual({ renewsAt: periodEnd.toISOString(), endsAt: null });

    // Cancelled in the portal: Pro until the period's end, which is now when it ends.
    stripe.cancelAtPeriodEnd(sub.id);
    const cancelled = event('evt_p2', 'customer.subscription.updated', subObj);
    expect((await postWebhook(cancelled, sign(cancelled))).status).toBe(200);
    expect(await me()).toMatchObject({
      plan: 'pro',
      subscription: { renewsAt: null, endsAt: periodEnd.toISOString() },
    });
  });

  it('moves the photos already waiting up to Pro when the account becomes Pro', async () => {
    const { jar, user } = await signUp(t.url);
    const res = await postProject(t.url, jar);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Project;
    const job = () => t.deps.store.collections.jobs.findOne({ _id: id });
    expect(await job()).toMatchObject({ priority: 'free' });

    await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
    const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.userId === user.id)!;
    stripe.setStatus(sub.id, 'active');
    const subObj = { id: sub.id, object: 'subscription', customer: sub.customer, status: 'active' };
    const activated = event('evt_q1', 'customer.subscription.updated', subObj);
    expect((await postWebhook(activated, sign(activated))).status).toBe(200);
    const promoted = await job();
    expect(promoted?.priority).toBe('pro');
    expect(promoted?.rankAt.getTime()).toBe(
      (promoted?.createdAt.getTime() ?? 0) - PRIORITY_HEAD_START_SECONDS * 1000,
    );
  });

  it('refuses a bad signature, a tampered body and a stale timestamp: 400 and nothing written', async () => {
    const { user } = await signUp(t.url);
    const customer = 'cus_unrelated';
    const payload = event('evt_bad1', 'customer.subscription.updated', {
      id: 'sub_x',
      object: 'subscription',
      customer,
    });
    const cases = [
      [payload, sign(payload).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`)],
      [payload.replace('customer.subscription.updated', 'customer.subscription.deleted'), sign(payload)],
      [payload, sign(payload, Math.floor(Date.now() / 1000) - 600)],
      [payload, ''],
    ] as const;
    for (const [body, signature] of cases) {
      const res = await postWebhook(body, signature);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'bad_signature',
        message: 'Webhook signature verification failed.',
      });
    }
    expect(await t.deps.repos.webhookEvents.markProcessed('evt_bad1')).toBe(true);
    expect((await t.deps.repos.users.findById(user.id))?.plan).toBe('free');
  });

  it('opens the customer portal and cancels billing when the account is deleted', async () => {
    const { jar, user } = await signUp(t.url);
    expect((await jar.fetch(`${t.url}/api/billing/portal`, { method: 'POST' })).status).toBe(400);
    await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
    const portal = await jar.fetch(`${t.url}/api/billing/portal`, { method: 'POST' });
    expect(portal.status).toBe(200);
    expect(((await portal.json()) as { url: string }).url).toMatch(
      /^https:\/\/billing\.stripe\.test\/p\/cus_/,
    );
    const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.userId === user.id)!;
    stripe.setStatus(sub.id, 'active');
    const del = await jar.fetch(
      `${t.url}/api/user/account`,
      json({ confirmationText: 'DELETE MY ACCOUNT' }, { method: 'DELETE' }),
    );
    expect(del.status).toBe(200);
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('canceled');
  });
});
