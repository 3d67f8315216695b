export { SettingsPage } from './settings-page';
export { ConfirmEmailPage } from './confirm-email-page';
