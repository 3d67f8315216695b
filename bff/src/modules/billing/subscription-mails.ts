import { DEFAULT_PREFERENCES, SETTINGS_PATH } from '@shared/domain';
import {
  paymentFailedMail,
  proStartedMail,
  subscriptionCancelledMail,
  subscriptionEndedMail,
  type MailContent,
  type Mailer,
} from '../../mail';
import type { PaymentEvent, PaymentSubscription } from '../../payments-client';
import type { Repositories, UserDoc } from '../../store';
import { PRO_STATUSES } from './stripe-client';

/** Subscriptions that never started: their end is no news to the user. */
const NEVER_STARTED = new Set(['incomplete', 'incomplete_expired']);

interface FailedInvoice {
  next_payment_attempt?: number | null;
  hosted_invoice_url?: string | null;
}

const fromUnix = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);

/** When a scheduled cancellation takes effect, or null when none is scheduled. */
function cancelsOn(sub: PaymentSubscription): Date | null {
  if (sub.cancel_at) return fromUnix(sub.cancel_at);
  return sub.cancel_at_period_end ? fromUnix(sub.items.data[0]?.current_period_end) : null;
}

/**
 * The mails one verified event brings, from the stored state before it (`user`) and Stripe's state after
 * it (`sub`). Keys name what happened, not the delivery: a repeated or parallel event (created, paid and
 * updated all tell of one start) gives one mail; each failed payment attempt is its own event and mail.
 */
export function subscriptionMailsFor(
  event: PaymentEvent,
  user: UserDoc,
  sub: PaymentSubscription,
  origin: string,
): { key: string; content: MailContent }[] {
  const settingsUrl = `${origin}${SETTINGS_PATH}`;
  const mails: { key: string; content: MailContent }[] = [];
  const stored = user.subscription?.id === sub.id ? user.subscription : null;
  const pro = PRO_STATUSES.has(sub.status);
  const to = user.email;
  if (pro && !(stored && PRO_STATUSES.has(stored.status))) {
    const renews = cancelsOn(sub) ? null : fromUnix(sub.items.data[0]?.current_period_end);
    mails.push({
      key: `subscription-started:${sub.id}`,
      content: proStartedMail(to, user.username, renews, `${origin}/`, settingsUrl),
    });
  }
  const endsOn = cancelsOn(sub);
  if (pro && endsOn && event.type.startsWith('customer.subscription.')) {
    mails.push({
      key: `subscription-cancelled:${sub.id}:${endsOn.getTime()}`,
      content: subscriptionCancelledMail(to, user.username, endsOn, settingsUrl),
    });
  }
  if (
    event.type === 'customer.subscription.deleted' &&
    sub.status === 'canceled' &&
    stored &&
    !NEVER_STARTED.has(stored.status) &&
    stored.status !== 'canceled'
  ) {
    mails.push({
      key: `subscription-ended:${sub.id}`,
      content: subscriptionEndedMail(to, user.username, `${origin}/subscribe`, settingsUrl),
    });
  }
  if (event.type === 'invoice.payment_failed') {
    const invoice = event.data.object as FailedInvoice;
    mails.push({
      key: `payment-failed:${event.id}`,
      content: paymentFailedMail(
        to,
        user.username,
        fromUnix(invoice.next_payment_attempt),
        invoice.hosted_invoice_url ?? settingsUrl,
        settingsUrl,
      ),
    });
  }
  return mails;
}

/** Enqueues the event's mails unless the user turned subscription mail off. */
export async function sendSubscriptionMails(
  repos: Repositories,
  mail: Mailer,
  user: UserDoc,
  mails: { key: string; content: MailContent }[],
): Promise<void> {
  if (mails.length === 0) return;
  const prefs = (await repos.preferences.get(user._id)) ?? DEFAULT_PREFERENCES;
  if (!prefs.emailNotifications.subscription_updates) return;
  for (const m of mails) await mail.enqueue(m.key, m.content);
}
