export { SettingsDialogButton } from './components/settings-dialog';
export {
  localSettingsQueryKey,
  localSettingsQueryOptions,
  useLocalSettings,
  useSaveLocalSettings,
} from './api/local-settings';
