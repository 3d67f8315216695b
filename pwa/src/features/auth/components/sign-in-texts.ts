/** The sign-in dialog's texts: kept apart so screens can quote them without loading the dialog. */
export const SIGN_IN_TITLE = 'Sign in to a virtual staging product';
export const SIGN_IN_BENEFITS = [
  'Unlimited AI room staging',
  'Save and manage projects',
  'Export high-quality images',
] as const;
