import { USER_CACHES } from '../../lib/cache-names';

/** Logout and account deletion: nothing of the previous user's images stays on the device. */
export async function clearUserCaches(): Promise<void> {
  if (!('caches' in window)) return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}
