export { SettingsPage } from './settings-page';
export { preferencesQueryOptions } from './api/preferences';
export { ConfirmEmailPage } from './confirm-email-page';
