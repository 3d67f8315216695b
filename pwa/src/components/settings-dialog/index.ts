export { SettingsDialogButton } from './settings-dialog';
