import { showToast, type ToastInput } from './toast-store';
import { ERROR_TITLE, TRY_AGAIN } from './toast-texts';

/**
 * The app's one way to show a toast. Three kinds, one rule:
 * - a confirmation says that what the user asked for is done ('Project Created', 'Settings saved'): shown
 *   unless this device's 'Show notifications' setting is off;
 * - a notice says what the user needs to know although nothing failed (not sent yet, copy it by hand,
 *   enlarged instead of upscaled): always shown;
 * - an error: always shown.
 */
export type ToastText = Pick<ToastInput, 'title' | 'description'>;

/** A confirmation, quiet when 'Show notifications' is off. */
export async function showConfirmation(text: ToastText): Promise<void> {
  // Read when needed, so the landing page's first load does not carry IndexedDB code.
  const settings = await import('../../offline/settings')
    .then((m) => m.readLocalSettings())
    .catch(() => null);
  if (settings?.showNotifications !== false) showToast(text);
}

/** A notice, always shown; its id lets a notice about work under way be taken away when the work ends. */
export const showNotice = (text: ToastText): number => showToast(text);

/** An error, always shown: its sentence (if any) under `title`. */
export const showError = (description: string | undefined, title: string = ERROR_TITLE): number =>
  showToast({ title, description, variant: 'destructive' });

/** An error handler that says what failed (`title`) and why (the error's message, else `fallback`). */
export const failureToast =
  (title: string, fallback = TRY_AGAIN) =>
  (err: unknown): void =>
    void showError(err instanceof Error && err.message ? err.message : fallback, title);
