import { vi } from 'vitest';
import { closePaywall } from '../components/paywall';
import { dismissToast, getToasts } from '../components/toast/toast-store';
import { SIGNED_IN_HINT_COOKIE } from '../lib/auth';
import { destroyDb } from '../offline/db';

/** Before a test of the app: no upload queue on the device, no toasts, and photos' object URLs stubbed. */
export async function freshDevice(): Promise<void> {
  await destroyDb();
  for (const t of getToasts()) dismissToast(t.id);
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
}

/** After it: stubbed globals undone, the paywall closed, the session's hint cookie and the device queue gone. */
export async function leaveDevice(): Promise<void> {
  vi.unstubAllGlobals();
  closePaywall();
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  await destroyDb();
}
