/** The settings kept on this device only (default room, style, image quality). */
export { readLocalSettings, writeLocalSettings } from './local-settings';
export {
  localSettingsQueryKey,
  localSettingsQueryOptions,
  useLocalSettings,
  useSaveLocalSettings,
} from './use-local-settings';
