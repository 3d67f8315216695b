import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@shared/domain';
import { json, signUp } from '../../testing/auth-helpers';
import type { CookieJar } from '../../testing/cookie-jar';
import { FakeStripe } from '../../testing/fake-stripe';
import { SmtpSink } from '../../testing/smtp-sink';
import { WEBHOOK_SECRET, postWebhook, stripeEvent } from '../../testing/stripe-webhooks';
import { useTestApp } from '../../testing/use-test-app';

const ORIGIN = 'https://stagely.test';
const NEXT_ATTEMPT = Date.UTC(2030, 2, 20, 12) / 1000;
const PAY_URL = 'https://invoice.stripe.test/i/in_123';

/** Subscription news reaches the user once per change, however often Stripe delivers its events. */
describe('subscription mails from Stripe webhooks', () => {
  const sink = new SmtpSink();
  let stripe: FakeStripe;
  beforeAll(async () => {
    await sink.listen();
    stripe = await new FakeStripe().start();
  });
  afterAll(async () => {
    await stripe.stop();
    await sink.close();
  });
  const t = useTestApp({
    env: () => ({
      SMTP_URL: sink.url,
      PUBLIC_URL: ORIGIN,
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_PRICE_ID: 'price_pro_499',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    }),
  });

  /** Each event three times, in a random order, as Stripe's retries may bring them. */
  async function deliverThrice(...events: string[]) {
    const deliveries = [...events, ...events, ...events].sort(() => Math.random() - 0.5);
    for (const payload of deliveries) expect((await postWebhook(t.url, payload)).status).toBe(200);
    await t.deps.mail.flush();
  }

  /** A user whose subscription was set up (incomplete until Stripe says otherwise). */
  async function subscriber(jar: CookieJar, userId: string) {
    await jar.fetch(`${t.url}/api/create-subscription`, { method: 'POST' });
    const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.userId === userId)!;
    const obj = { id: sub.id, object: 'subscription', customer: sub.customer, status: 'incomplete' };
    const invoice = {
      id: sub.latest_invoice,
      object: 'invoice',
      parent: { subscription_details: { subscription: sub.id } },
    };
    return { sub, obj, invoice };
  }

  /** Pro starts, is cancelled, a renewal fails, then it ends: each told once. */
  async function lifecycle(jar: CookieJar, userId: string, n: string) {
    const { sub, obj, invoice } = await subscriber(jar, userId);
    stripe.setStatus(sub.id, 'active');
    await deliverThrice(
      stripeEvent(`evt_${n}_created`, 'customer.subscription.created', obj),
      stripeEvent(`evt_${n}_paid`, 'invoice.paid', invoice),
      stripeEvent(`evt_${n}_active`, 'customer.subscription.updated', { ...obj, status: 'active' }),
    );
    stripe.cancelAtPeriodEnd(sub.id);
    await deliverThrice(
      stripeEvent(
        `evt_${n}_cancel`,
        'customer.subscription.updated',
        { ...obj, status: 'active', cancel_at_period_end: true },
        { previous_attributes: { cancel_at_period_end: false } },
      ),
    );
    stripe.setStatus(sub.id, 'past_due');
    await deliverThrice(
      stripeEvent(`evt_${n}_failed`, 'invoice.payment_failed', {
        ...invoice,
        next_payment_attempt: NEXT_ATTEMPT,
        hosted_invoice_url: PAY_URL,
      }),
    );
    stripe.setStatus(sub.id, 'canceled');
    await deliverThrice(
      stripeEvent(`evt_${n}_deleted`, 'customer.subscription.deleted', { ...obj, status: 'canceled' }),
    );
  }

  it('Pro started, cancelled with its end date, payment failed with the next attempt, ended: one mail each', async () => {
    const { jar, user } = await signUp(t.url);
    await lifecycle(jar, user.id, 'a');
    const mails = sink.to(user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Welcome to Stagely Pro',
      'Your Stagely Pro subscription ends on March 17, 2030',
      'Your Stagely payment failed',
      'Your Stagely Pro subscription has ended',
    ]);
    const [started, cancelled, failed, ended] = mails;
    expect(started?.text).toContain('It costs $4.99/month and renews on March 17, 2030.');
    expect(cancelled?.text).toContain('Your Pro subscription is cancelled and ends on March 17, 2030.');
    expect(failed?.text).toContain('We will try again on March 20, 2030.');
    expect(failed?.text).toContain('retried for up to 10 days');
    expect(failed?.text).toContain(PAY_URL);
    expect(ended?.text).toContain('your account is on the Free plan: 5 generations a month');
    expect(ended?.text).toContain(`${ORIGIN}/subscribe`);
    for (const m of mails) expect(m.text).toContain(`${ORIGIN}/settings`);
  });

  it('a failed payment Stripe will not retry says it was the last attempt', async () => {
    const { jar, user } = await signUp(t.url);
    const { sub, invoice } = await subscriber(jar, user.id);
    stripe.setStatus(sub.id, 'past_due');
    await deliverThrice(
      stripeEvent('evt_last_failed', 'invoice.payment_failed', { ...invoice, next_payment_attempt: null }),
    );
    const mails = sink.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('This was the last automatic attempt.');
  });

  it('no subscription mail when the user turned them off', async () => {
    const { jar, user } = await signUp(t.url);
    const prefs = await jar.fetch(
      `${t.url}/api/user/preferences`,
      json(
        { emailNotifications: { ...DEFAULT_PREFERENCES.emailNotifications, subscription_updates: false } },
        { method: 'PUT' },
      ),
    );
    expect(prefs.status).toBe(200);
    await lifecycle(jar, user.id, 'off');
    expect(sink.to(user.email)).toHaveLength(0);
    expect((await t.deps.repos.users.findById(user.id))?.subscription?.status).toBe('canceled');
  });
});
