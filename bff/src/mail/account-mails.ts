import { composeMail, type MailContent } from './message';

/** The mails of account changes made in Settings, written once here. */

export function emailChangeConfirmMail(to: string, confirmUrl: string, lifetime: string): MailContent {
  return composeMail(to, 'Confirm your new Stagely email', {
    greeting: 'Hello,',
    paragraphs: ['Someone, hopefully you, asked to use this address for their Stagely account.'],
    action: { label: 'Use this address', url: confirmUrl },
    after: [
      `The link works once and expires in ${lifetime}. Until it is opened, the account keeps its current address.`,
      'If you did not ask for this, you can ignore this mail.',
    ],
  });
}

export function emailChangedNoticeMail(to: string, newEmail: string): MailContent {
  return composeMail(to, 'Your Stagely email was changed', {
    greeting: 'Hello,',
    paragraphs: [
      `The email of your Stagely account is now ${newEmail}; this address no longer signs in.`,
      'If you did not make this change, reply to this mail or contact support at once.',
    ],
  });
}
