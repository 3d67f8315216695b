import { showToast, type ToastInput } from './toast-store';

/**
 * The one rule for confirmations ('Project Created', 'Settings saved', 'Link copied'): shown unless this
 * device's 'Show notifications' setting is off. Errors and warnings use `showToast` and always show.
 * The setting is read when needed, so the landing page's first load does not carry IndexedDB code.
 */
export async function showConfirmation(input: Omit<ToastInput, 'variant'>): Promise<void> {
  const settings = await import('../../offline/settings')
    .then((m) => m.readLocalSettings())
    .catch(() => null);
  if (settings?.showNotifications !== false) showToast(input);
}
