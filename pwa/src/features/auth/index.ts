export { SignInDialogHost } from './components/sign-in-dialog-host';
export { SIGN_IN_TITLE, SIGN_IN_BENEFITS } from './components/sign-in-texts';
export { UserMenu } from './components/lazy-user-menu';
export { ConfirmAccountPage, ResetPasswordPage } from './components/lazy-reset-password-page';
