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

/** Tells the sender their message arrived, and repeats it so they keep a copy. */
export function contactAckMail(m: ContactMailInput, supportEmail: string): MailContent {
  return composeMail(
    m.email,
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
