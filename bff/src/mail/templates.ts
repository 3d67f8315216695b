import { FREE_GENERATIONS_PER_MONTH, PAYMENT_RETRY_DAYS, PRO_PRICE_LABEL } from '@shared/domain';
import { composeMail, type MailContent } from './message';

/** Every mail the app sends, written once here. */

export const RESET_LINK_LIFETIME_TEXT = '1 hour';

export function passwordResetMail(to: string, resetUrl: string): MailContent {
  return composeMail(to, 'Reset your Stagely password', {
    greeting: 'Hello,',
    paragraphs: [
      'Someone, hopefully you, asked to reset the password of the Stagely account for this address.',
    ],
    action: { label: 'Choose a new password', url: resetUrl },
    after: [
      `The link works once and expires in ${RESET_LINK_LIFETIME_TEXT}. Choosing a new password signs out every device signed in to your account.`,
      'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    ],
  });
}

/** An account with no password asked for a reset: it signs in with its provider, so say that instead. */
export function providerSignInMail(to: string, providers: string[], signInUrl: string): MailContent {
  const named = providers.length > 0 ? providers.join(' or ') : 'the provider you signed up with';
  return composeMail(to, 'How you sign in to Stagely', {
    greeting: 'Hello,',
    paragraphs: [
      `Someone, hopefully you, asked to reset the password of the Stagely account for this address. This account has no password: you sign in with ${named}.`,
    ],
    action: { label: 'Sign in to Stagely', url: signInUrl },
    after: ['If you did not ask for this, you can ignore this mail.'],
  });
}

export interface ContactMailInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  category: string;
  userId: string | null;
}

/** The message as support reads it; replying goes straight to the sender. */
export function supportCopyMail(supportEmail: string, m: ContactMailInput): MailContent {
  const from = m.userId
    ? `${m.name} <${m.email}> (signed in, account ${m.userId})`
    : `${m.name} <${m.email}> (visitor)`;
  return composeMail(
    supportEmail,
    `[Contact: ${m.category}] ${m.subject}`,
    {
      greeting: `A message from ${from}:`,
      paragraphs: [m.message],
      after: ['Reply to this mail to answer the sender.'],
    },
    m.email,
  );
}

/** Tells a signed-in sender, at their account's address `to`, that their message arrived, with a copy. */
export function contactAckMail(m: ContactMailInput, to: string, supportEmail: string): MailContent {
  return composeMail(
    to,
    `We received your message: ${m.subject}`,
    {
      greeting: `Hello ${m.name},`,
      paragraphs: [
        'Thank you for writing to Stagely. Your message reached our support team, and we answer Monday to Friday, 9:00 AM to 6:00 PM PST, usually within one working day.',
        `Your message:\n\n${m.message}`,
      ],
      after: [`To add something, reply to this mail or write to ${supportEmail}.`],
    },
    supportEmail,
  );
}

/** How dates appear in mail: 'December 4, 2026', in UTC like Stripe's billing dates. */
export const mailDate = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const PROJECT_MAIL_TEXTS = {
  open: 'Open the project',
  openProperty: 'Open the property',
  openApp: 'Open Stagely',
  creditReturned: 'Your credit was returned, so this photo does not count against your monthly generations.',
  tryAgain: 'To try again, stage the photo again in Stagely.',
  turnOff: (settingsUrl: string) =>
    `You get this mail because you asked to be told when a project is finished. You can turn it off in Settings: ${settingsUrl}`,
} as const;

export interface FinishedStaging {
  name: string;
  status: 'completed' | 'failed';
  /** Why it failed, without the sentence about the credit. */
  reason: string | null;
  creditReturned: boolean;
  url: string;
}

/** One finished photo: ready to view, or why it failed and that its credit came back. */
export function projectFinishedMail(
  to: string,
  username: string,
  p: FinishedStaging,
  settingsUrl: string,
): MailContent {
  const t = PROJECT_MAIL_TEXTS;
  const done = p.status === 'completed';
  return composeMail(to, done ? `Your photo is staged: ${p.name}` : `Staging failed: ${p.name}`, {
    greeting: `Hello ${username},`,
    paragraphs: done
      ? [`"${p.name}" is staged and ready to view.`]
      : [
          `We could not stage "${p.name}".`,
          `Why: ${p.reason ?? 'Processing failed.'}`,
          ...(p.creditReturned ? [t.creditReturned] : []),
        ],
    action: { label: t.open, url: p.url },
    after: [...(done ? [] : [t.tryAgain]), t.turnOff(settingsUrl)],
  });
}

export interface RunSummary {
  /** A property run names its property and links to it; a batch links to the workspace. */
  property: { name: string; url: string } | null;
  appUrl: string;
  items: FinishedStaging[];
}

/** One mail for a whole batch or property run: what was staged, what failed and why, with links. */
export function runSummaryMail(
  to: string,
  username: string,
  run: RunSummary,
  settingsUrl: string,
): MailContent {
  const t = PROJECT_MAIL_TEXTS;
  const completed = run.items.filter((i) => i.status === 'completed').length;
  const failed = run.items.length - completed;
  const refunded = run.items.filter((i) => i.status === 'failed' && i.creditReturned).length;
  const counts = failed === 0 ? `${completed} staged` : `${completed} staged, ${failed} failed`;
  const whole = run.property
    ? `The ${plural(run.items.length, 'room', 'rooms')} of ${run.property.name} you staged are finished: ${counts}.`
    : `The ${plural(run.items.length, 'photo', 'photos')} of your batch are finished: ${counts}.`;
  const subject = run.property ? `${run.property.name}: ${counts}` : `Your batch is finished: ${counts}`;
  return composeMail(to, subject, {
    greeting: `Hello ${username},`,
    paragraphs: [
      whole,
      ...(refunded > 0
        ? [
            refunded === 1
              ? 'The credit of the failed photo was returned, so it does not count against your monthly generations.'
              : `The credits of the ${refunded} failed photos were returned, so they do not count against your monthly generations.`,
          ]
        : []),
    ],
    list: run.items.map((i) => ({
      text: i.status === 'completed' ? `${i.name}: staged` : `${i.name}: failed. ${i.reason ?? ''}`.trim(),
      url: i.url,
    })),
    action: run.property
      ? { label: t.openProperty, url: run.property.url }
      : { label: t.openApp, url: run.appUrl },
    after: [t.turnOff(settingsUrl)],
  });
}

const subscriptionFooter = (settingsUrl: string) =>
  `You get this mail because you asked for news about your subscription. You can turn it off in Settings: ${settingsUrl}`;

/** The subscription became active. */
export function proStartedMail(
  to: string,
  username: string,
  renewsOn: Date | null,
  appUrl: string,
  settingsUrl: string,
): MailContent {
  return composeMail(to, 'Welcome to Stagely Pro', {
    greeting: `Hello ${username},`,
    paragraphs: [
      'Your Pro subscription is active: you can stage as many photos as you like.',
      `It costs ${PRO_PRICE_LABEL}${renewsOn ? ` and renews on ${mailDate(renewsOn)}` : ''}. You can cancel it, change your card or download invoices from Settings.`,
    ],
    action: { label: 'Start staging', url: appUrl },
    after: [subscriptionFooter(settingsUrl)],
  });
}

/** A renewal could not be charged: when the next attempt is, and what happens if none succeeds. */
export function paymentFailedMail(
  to: string,
  username: string,
  nextAttempt: Date | null,
  payUrl: string,
  settingsUrl: string,
): MailContent {
  return composeMail(to, 'Your Stagely payment failed', {
    greeting: `Hello ${username},`,
    paragraphs: [
      'We could not collect the payment for your Stagely Pro subscription.',
      nextAttempt
        ? `We will try again on ${mailDate(nextAttempt)}. A failed payment is retried for up to ${PAYMENT_RETRY_DAYS} days; if it still cannot be collected, the subscription is suspended and your account goes back to the Free plan (${FREE_GENERATIONS_PER_MONTH} generations a month).`
        : `This was the last automatic attempt. Unless the payment is made, the subscription is suspended and your account goes back to the Free plan (${FREE_GENERATIONS_PER_MONTH} generations a month).`,
      'Your projects stay in your account either way.',
    ],
    action: { label: 'Pay with another card', url: payUrl },
    after: [subscriptionFooter(settingsUrl)],
  });
}

/** Cancelled: Pro goes on until the end of the period that was paid for. */
export function subscriptionCancelledMail(
  to: string,
  username: string,
  endsOn: Date,
  settingsUrl: string,
): MailContent {
  return composeMail(to, `Your Stagely Pro subscription ends on ${mailDate(endsOn)}`, {
    greeting: `Hello ${username},`,
    paragraphs: [
      `Your Pro subscription is cancelled and ends on ${mailDate(endsOn)}. Until then you keep unlimited staging; after that your account is on the Free plan (${FREE_GENERATIONS_PER_MONTH} generations a month).`,
      'Your projects stay in your account. Changed your mind? You can keep Pro from Settings before that date.',
    ],
    action: { label: 'Open Settings', url: settingsUrl },
    after: [subscriptionFooter(settingsUrl)],
  });
}

/** The subscription is over. */
export function subscriptionEndedMail(
  to: string,
  username: string,
  subscribeUrl: string,
  settingsUrl: string,
): MailContent {
  return composeMail(to, 'Your Stagely Pro subscription has ended', {
    greeting: `Hello ${username},`,
    paragraphs: [
      `Your Pro subscription has ended and your account is on the Free plan: ${FREE_GENERATIONS_PER_MONTH} generations a month. Your projects stay in your account.`,
    ],
    action: { label: 'Subscribe again', url: subscribeUrl },
    after: [subscriptionFooter(settingsUrl)],
  });
}

/** To the operator: a configured AI model shuts down soon, or its provider no longer lists it. */
export function modelLifecycleMail(to: string, notices: string[]): MailContent {
  return composeMail(to, 'Stagely: an AI model needs changing', {
    greeting: 'Hello,',
    paragraphs: notices,
    after: [
      'Set the replacement in the server environment and restart; until then stagings with this model fail once it is gone.',
    ],
  });
}
