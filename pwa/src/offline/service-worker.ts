import { Workbox } from 'workbox-window';
import { USER_CACHES } from '../sw/cache-names';

type Listener = (update: (() => void) | null) => void;
let pendingUpdate: (() => void) | null = null;
const listeners = new Set<Listener>();

/** Registers /sw.js in production builds; a waiting new version is offered, never forced. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    pendingUpdate = () => {
      // Reload once the new worker has taken over, so the page and its cache agree.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    listeners.forEach((l) => l(pendingUpdate));
  });
  void wb.register();
}

export function onUpdateAvailable(listener: Listener): () => void {
  listeners.add(listener);
  listener(pendingUpdate);
  return () => listeners.delete(listener);
}

/** Logout and account deletion: nothing of the previous user's images stays on the device. */
export async function clearUserCaches(): Promise<void> {
  if (!('caches' in window)) return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}
