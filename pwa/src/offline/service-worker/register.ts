type Listener = (update: (() => void) | null) => void;
let pendingUpdate: (() => void) | null = null;
const listeners = new Set<Listener>();

/** A new version has installed and waits: offer it; taking it reloads the page once it is in control. */
function offer(waiting: ServiceWorker): void {
  pendingUpdate = () => {
    // Reload once the new worker has taken over, so the page and its cache agree.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  listeners.forEach((l) => l(pendingUpdate));
}

async function register(): Promise<void> {
  const sw = navigator.serviceWorker;
  const registration = await sw.register('/sw.js');
  // Installed while no page of ours was open, or by another tab: it waits already.
  if (registration.waiting && sw.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // The first install has no version to replace; later ones wait for the user.
      if (installing.state === 'installed' && sw.controller) offer(installing);
    });
  });
}

/**
 * Registers /sw.js in production builds once the page has loaded (its precaching must not compete with
 * the page's own downloads); a waiting new version is offered, never forced. A few lines of our own
 * instead of workbox-window, which would add 2.5 KB to every visitor's first page.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // Without a worker (blocked, private mode) the app still works online: nothing to tell the user.
  const start = () => void register().catch((err: unknown) => console.warn('No service worker:', err));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

export function onUpdateAvailable(listener: Listener): () => void {
  listeners.add(listener);
  listener(pendingUpdate);
  return () => listeners.delete(listener);
}
