export { SettingsPage } from './settings-page';
export { preferencesQueryOptions } from './api/preferences';
