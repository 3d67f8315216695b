import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { SYNC_TAG } from '../../pwa/src/offline/uploads/sync-constants';

/**
 * How these helpers reach Chromium's Background Sync (found by trying, Chromium 156, Playwright 1.65):
 * - The CDP `ServiceWorker` and `BackgroundService` domains exist on page targets only: 'ServiceWorker.enable'
 *   "wasn't found" on the browser target (`context.browser().newBrowserCDPSession()`, which does exist for a
 *   persistent context) and on the service worker's own target (attached through it). So firing a sync by
 *   hand needs a page; an about:blank one is not a client of the app's origin (the worker's
 *   `clients.matchAll` does not see it), so for the app every tab is still closed.
 * - `context.setOffline()` also emulates offline in the service worker's target, and Chromium holds a sync
 *   registered meanwhile until that ends: going online fires it by itself, no CDP needed.
 */

/** The app's service worker (Playwright stays attached to it, so Chromium keeps it running while idle). */
export function appServiceWorker(context: BrowserContext): Worker {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('The app has no service worker running');
  return worker;
}

/** The app's windows as its service worker sees them (its sync handler sends by itself only with none). */
export const windowsSeenBy = (worker: Worker): Promise<number> =>
  worker.evaluate(() => {
    type Clients = { matchAll(options: object): Promise<unknown[]> };
    const { clients } = self as unknown as { clients: Clients };
    return clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => list.length);
  });

const SERVICE = 'backgroundSync';

/** Asks Chromium to log Background Sync in the profile (DevTools' Background Services panel), from now on. */
export async function recordBackgroundSync(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: SERVICE });
  await cdp.detach();
}

export interface SyncLogEntry {
  /** As Chromium words it: 'Registered sync', 'Dispatched sync event', 'sync event failed'. */
  event: string;
  tag: string;
  details: Record<string, string>;
}

/** Chromium's log of the app's syncs (recorded since recordBackgroundSync), growing while `page` stays open. */
export async function backgroundSyncLog(page: Page, origin: string): Promise<SyncLogEntry[]> {
  const cdp = await page.context().newCDPSession(page);
  const log: SyncLogEntry[] = [];
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: e }) => {
    if (e.origin !== `${origin}/`) return;
    const details = Object.fromEntries(e.eventMetadata.map((m) => [m.key, m.value]));
    log.push({ event: e.eventName, tag: e.instanceId, details });
  });
  await cdp.send('BackgroundService.startObserving', { service: SERVICE });
  return log;
}

async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable'); // reports every registration of the profile at once
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No service worker registration for ${origin}`)), 10_000);
  });
  return Promise.race([found, late]).finally(() => clearTimeout(timer));
}

/**
 * Fires the app's sync event now, as Chromium does when it retries a failed one (5 minutes later at first),
 * from a CDP session on `host` (a page, see above); the event runs in the service worker on its own.
 */
export async function fireSync(host: Page, origin: string): Promise<void> {
  const cdp = await host.context().newCDPSession(host);
  const id = await registrationId(cdp, origin);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: id,
    tag: SYNC_TAG,
    lastChance: false,
  });
  await cdp.detach();
}
