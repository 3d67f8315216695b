/** The sign-in dialog's texts: kept apart so screens can quote them without loading the dialog. */
export const SIGN_IN_TITLE = 'Sign in to a virtual staging product';
export const SIGN_IN_BENEFITS = [
  'Unlimited AI room staging',
  'Save and manage projects',
  'Export high-quality images',
] as const;

export const FORGOT_PASSWORD_LINK = 'Forgot password?';
export const FORGOT_PASSWORD_INTRO =
  'Enter the email address of your account and we will send you a link to choose a new password.';
export const RESET_PAGE_TITLE = 'Choose a new password';
/** What a form's button says while its request runs. */
export const PLEASE_WAIT = 'Please wait...';
export const PASSWORD_CHANGED = 'Your password has been changed';
export const CHECKING_RESET_LINK = 'Checking your link...';

export const CHECK_EMAIL_TITLE = 'Check your email';
export const SEND_LINK_AGAIN = 'Send the link again';
export const LINK_SENT_AGAIN = 'We sent a new link. The older ones no longer matter.';
export const USE_ANOTHER_ADDRESS = 'Use another address';
export const CONFIRM_ACCOUNT_TITLE = 'Finish creating your account';
export const CHECKING_SIGN_UP_LINK = 'Checking your link...';
export const confirmAccountFor = (email: string) =>
  `This link finishes the Stagely account for ${email}. Choose its password to confirm.`;
export const CONFIRM_PASSWORD_HINT =
  'The password you typed when you signed up, or a new one: the one you enter here is the one that signs in.';
export const CONFIRM_ACCOUNT_BUTTON = 'Confirm and sign in';
export const switchAccountWarning = (current: string, next: string) =>
  `You are signed in as ${current}. Confirming signs you out of that account and into ${next}.`;
export const SWITCH_ACCOUNT_BUTTON = 'Switch account and confirm';
export const SIGN_IN_INSTEAD = 'Sign in';
export const ACCOUNT_CONFIRMED = 'Your email is confirmed';
export const CREATE_ACCOUNT_AGAIN = 'Create your account again';

/** The toasts of signing in and out. */
export const AUTH_TOASTS = {
  accountConfirmed: { title: ACCOUNT_CONFIRMED, description: 'Welcome to Stagely.' },
  passwordChanged: { title: PASSWORD_CHANGED, description: 'You are signed in with your new password.' },
  loggedOut: { title: 'Logged out', description: "You've been logged out successfully." },
  logoutFailed: { title: 'Logout failed', description: 'There was an error logging you out.' },
  signInFailed: {
    title: 'Sign-in failed',
    description: 'We could not sign you in with that provider. Please try again.',
  },
} as const;
