/** What saving the device's settings says. */
export const SETTINGS_DIALOG_TOASTS = {
  saved: { title: 'Settings saved', description: 'Your settings are kept on this device.' },
  notSaved: 'Your settings could not be saved on this device.',
} as const;
