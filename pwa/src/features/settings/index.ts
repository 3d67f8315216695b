export { SettingsPage } from './settings-page';
export { ConfirmEmailPage } from './confirm-email-page';
export { CancelEmailPage } from './cancel-email-page';
