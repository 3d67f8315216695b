import type { Logger } from '../../config';
import { AppError, badRequest, conflict, serviceUnavailable } from '../../http/errors';
import type { Mailer } from '../../mail';
import type { PaymentEvent, PaymentsClient, PaymentSubscription } from '../../payments-client';
import type { Repositories, UserDoc } from '../../store';
import { PRO_STATUSES } from './stripe-client';
import { sendSubscriptionMails, subscriptionMailsFor } from './subscription-mails';

const UNAVAILABLE = 'Subscription functionality is not currently available. Please contact support.';
export const PORTAL_UNAVAILABLE =
  'Managing your subscription online is not available yet. Please contact support to change or cancel it.';

/** Stripe's 400 when no customer portal configuration was ever saved in the dashboard. */
const isMissingPortalConfiguration = (err: unknown): boolean =>
  err instanceof Error &&
  (err as { type?: string }).type === 'StripeInvalidRequestError' &&
  /configuration/i.test(err.message);

export interface BillingOptions {
  priceId: string | undefined;
  webhookSecret: string | undefined;
  /** Subscription news for users who want it; none when billing only cancels (account deletion). */
  mail?: Mailer;
}

export function billingService(
  stripe: PaymentsClient | null,
  repos: Repositories,
  logger: Logger,
  options: BillingOptions,
) {
  function client(): PaymentsClient {
    if (!stripe || !options.priceId) throw serviceUnavailable(UNAVAILABLE, 'payments_unavailable');
    return stripe;
  }

  async function customerFor(user: UserDoc): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customer = await client().customers.create(
      { email: user.email, name: user.username, metadata: { userId: user._id } },
      // One customer per user even if two setup requests race.
      { idempotencyKey: `customer-${user._id}` },
    );
    await repos.users.update(user._id, { stripeCustomerId: customer.id });
    return customer.id;
  }

  /**
   * Re-reads the subscription from Stripe and stores it: the plan only ever comes from Stripe's own state.
   * The event's mails are enqueued first, so a failed store is redelivered and still finds the change.
   */
  async function syncSubscription(
    subscriptionId: string,
    event: PaymentEvent,
    origin: string,
  ): Promise<void> {
    const sub = await client().subscriptions.retrieve(subscriptionId);
    const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
    const user = await repos.users.findByStripeCustomerId(customerId);
    if (!user) {
      logger.warn({ customerId, subscriptionId }, 'subscription for an unknown customer');
      return;
    }
    // A user with several subscriptions stays Pro while any of them is; a stale one never downgrades a newer one.
    if (
      !PRO_STATUSES.has(sub.status) &&
      user.subscription &&
      user.subscription.id !== sub.id &&
      PRO_STATUSES.has(user.subscription.status)
    )
      return;
    if (options.mail)
      await sendSubscriptionMails(repos, options.mail, user, subscriptionMailsFor(event, user, sub, origin));
    await storeSubscription(user, sub);
  }

  /** Stores Stripe's state of `sub` on the user; the plan follows it. */
  async function storeSubscription(user: UserDoc, sub: PaymentSubscription): Promise<void> {
    const periodEnd = sub.items.data[0]?.current_period_end;
    const currentPeriodEnd = periodEnd ? new Date(periodEnd * 1000) : null;
    const plan = PRO_STATUSES.has(sub.status) ? 'pro' : 'free';
    const stored = await repos.users.setSubscription(
      user._id,
      {
        id: sub.id,
        status: sub.status,
        currentPeriodEnd,
        // A cancellation takes effect at cancel_at, or at the period's end when made "at period end".
        cancelAt: sub.cancel_at
          ? new Date(sub.cancel_at * 1000)
          : sub.cancel_at_period_end
            ? currentPeriodEnd
            : null,
        updatedAt: new Date(),
      },
      plan,
    );
    // Photos already waiting when the account became Pro get Pro's place in the queue too.
    if (stored && plan === 'pro') await repos.projects.promoteOwner(user._id);
  }

  return {
    /**
     * Returns the Payment Element's client secret; reuses an open incomplete subscription. Null when the
     * first invoice had nothing to pay (a coupon or a trial): Stripe made it active at once, so it is stored.
     */
    async createSubscription(user: UserDoc): Promise<string | null> {
      const stripe = client();
      if (user.plan === 'pro')
        throw conflict('You already have Pro. Manage it from the billing portal.', 'already_pro');
      const customer = await customerFor(user);
      const open = await stripe.subscriptions.list({
        customer,
        status: 'incomplete',
        limit: 10,
        expand: ['data.latest_invoice.confirmation_secret'],
      });
      const existing = open.data.find((s) => s.items.data.some((i) => i.price.id === options.priceId));
      const sub =
        existing ??
        (await stripe.subscriptions.create({
          customer,
          items: [{ price: options.priceId! }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { userId: user._id },
        }));
      if (PRO_STATUSES.has(sub.status)) {
        await storeSubscription(user, sub);
        return null;
      }
      const invoice = sub.latest_invoice;
      const secret =
        invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : undefined;
      if (!secret) throw new AppError(502, 'no_client_secret', 'No client secret returned');
      return secret;
    },

    async portalUrl(user: UserDoc, returnUrl: string): Promise<string> {
      const stripe = client();
      if (!user.stripeCustomerId) throw badRequest('There is no subscription to manage yet.', 'no_customer');
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: user.stripeCustomerId,
          return_url: returnUrl,
        });
        return session.url;
      } catch (err) {
        if (!isMissingPortalConfiguration(err)) throw err;
        logger.error({ err }, 'Stripe has no customer portal configuration: save one in the dashboard');
        throw serviceUnavailable(PORTAL_UNAVAILABLE, 'portal_unavailable');
      }
    },

    /** Verifies the signature over the raw body (5-minute tolerance) and processes each event once; `origin` is where mail links point. */
    async handleWebhook(
      raw: Buffer,
      signature: string | undefined,
      origin: string,
    ): Promise<'processed' | 'duplicate' | 'ignored'> {
      const stripe = client();
      if (!options.webhookSecret) throw serviceUnavailable(UNAVAILABLE, 'payments_unavailable');
      let event: PaymentEvent;
      try {
        event = stripe.webhooks.constructEvent(raw, signature ?? '', options.webhookSecret, 300);
      } catch {
        throw badRequest('Webhook signature verification failed.', 'bad_signature');
      }
      const subscriptionId = subscriptionOf(event);
      if (!subscriptionId) return 'ignored';
      if (!(await repos.webhookEvents.markProcessed(event.id))) return 'duplicate';
      try {
        await syncSubscription(subscriptionId, event, origin);
        return 'processed';
      } catch (err) {
        // Let Stripe's retry deliver it again.
        await repos.webhookEvents.forget(event.id);
        throw err;
      }
    },

    /** Account deletion: nothing keeps billing a user who is gone. */
    async cancelFor(user: UserDoc): Promise<void> {
      if (!stripe || !user.stripeCustomerId) return;
      const subs = await stripe.subscriptions.list({
        customer: user.stripeCustomerId,
        status: 'all',
        limit: 20,
      });
      for (const s of subs.data) {
        if (!['canceled', 'incomplete_expired'].includes(s.status)) await stripe.subscriptions.cancel(s.id);
      }
    },
  };
}
export type BillingService = ReturnType<typeof billingService>;

function subscriptionOf(event: PaymentEvent): string | null {
  const obj = event.data.object as {
    object?: string;
    id?: string;
    subscription?: unknown;
    parent?: { subscription_details?: { subscription?: unknown } };
  };
  if (event.type.startsWith('customer.subscription.')) return obj.id ?? null;
  if (
    event.type === 'invoice.paid' ||
    event.type === 'invoice.payment_failed' ||
    event.type === 'invoice.payment_succeeded'
  ) {
    const sub = obj.parent?.subscription_details?.subscription ?? obj.subscription;
    if (typeof sub === 'string') return sub;
    if (sub && typeof sub === 'object' && 'id' in sub && typeof sub.id === 'string') return sub.id;
  }
  return null;
}

/** For account deletion: cancels the user's subscriptions before their data goes. */
export const cancelSubscriptionsHook =
  (stripe: PaymentsClient | null, repos: Repositories, logger: Logger) =>
  (user: UserDoc): Promise<void> =>
    billingService(stripe, repos, logger, { priceId: undefined, webhookSecret: undefined }).cancelFor(user);
