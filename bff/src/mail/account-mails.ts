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

/** To the current address when a change away from it is asked for: the owner can stop it. */
export function emailChangeRequestedMail(to: string, newEmail: string, cancelUrl: string): MailContent {
  return composeMail(to, 'Someone asked to change your Stagely email', {
    greeting: 'Hello,',
    paragraphs: [
      `Someone signed in to your Stagely account asked to move it to ${newEmail}. Nothing changes until that address confirms.`,
    ],
    action: { label: 'Cancel this change', url: cancelUrl },
    after: [
      'If it was you, you can ignore this mail.',
      'If it was not you, cancel the change and then change your password: someone may know it.',
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

/** The link that finishes a sign-up: the account signs in once the address is proven. */
export function signUpConfirmMail(to: string, confirmUrl: string, lifetime: string): MailContent {
  return composeMail(to, 'Finish creating your Stagely account', {
    greeting: 'Hello,',
    paragraphs: ['Someone, hopefully you, created a Stagely account with this address.'],
    action: { label: 'Confirm my email', url: confirmUrl },
    after: [
      `The link works once and expires in ${lifetime}. Until it is opened, the account cannot sign in.`,
      'If you did not create an account, you can ignore this mail: nothing happens without the link.',
    ],
  });
}

/**
 * A sign-up with an address that already has an account: the owner hears of it (the form said nothing).
 * `providers` names how an account without a password signs in.
 */
export function signUpAttemptMail(
  to: string,
  links: { signIn: string; reset: string },
  providers: string[] | null,
): MailContent {
  const how = providers
    ? `Your account has no password: you sign in with ${providers.length > 0 ? providers.join(' or ') : 'the provider you signed up with'}.`
    : 'If you have forgotten your password, you can choose a new one.';
  return composeMail(to, 'Someone tried to create a Stagely account with your email', {
    greeting: 'Hello,',
    paragraphs: [
      'Someone tried to create a Stagely account with this address, but it already has one. If it was you, sign in to your account.',
      how,
    ],
    list: providers
      ? [{ text: 'Sign in to Stagely', url: links.signIn }]
      : [
          { text: 'Sign in to Stagely', url: links.signIn },
          { text: 'Choose a new password', url: links.reset },
        ],
    after: ['If it was not you, you can ignore this mail: your account is unchanged.'],
  });
}
