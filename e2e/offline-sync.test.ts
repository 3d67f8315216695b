import { beforeAll, describe, expect, it } from 'vitest';
import { SYNC_TAG } from '../pwa/src/offline/uploads/sync-constants';
import {
  appServiceWorker,
  backgroundSyncLog,
  fireSync,
  recordBackgroundSync,
  windowsSeenBy,
} from './support/background-sync';
import { hasChromium } from './support/browser';
import { queuedUploads, setOffline } from './support/offline';
import { offlineSteps, poll, SLOW } from './support/offline-steps';
import { useOfflineApp } from './support/use-offline-app';

describe.skipIf(!hasChromium)('Background Sync in Chromium: uploads with every tab closed', () => {
  const app = useOfflineApp({ firstName: 'Bea', lastName: 'Background' }, {}, { browser: 'full' });
  const { banner, recent, projectNames, openWorkspace, processBatch, generateSingle } = offlineSteps(app);

  // Bea starts signed in on /app, controlled by the service worker; Chromium logs every sync from now on.
  beforeAll(async () => {
    await openWorkspace();
    await recordBackgroundSync(app.page);
  });

  /** Nobody but the service worker can send now: no page is open, and it sees no window of the app. */
  async function expectNoTab(): Promise<void> {
    expect(app.context.pages().filter((p) => p.url().startsWith(app.server.url))).toEqual([]);
    expect(await windowsSeenBy(appServiceWorker(app.context))).toBe(0);
  }

  it('sends photos queued offline once the connection is back, with the tab closed, each exactly once', async () => {
    const { context, page, server } = app;
    await setOffline(context, page, true);
    await processBatch(['hall', 'attic'], 1);
    await banner().getByText('Waiting for connection: 2 photos queued').waitFor(SLOW);
    expect(await queuedUploads(page)).toMatchObject([{ status: 'queued' }, { status: 'queued' }]);

    await app.closeAllPages();
    expect(context.pages()).toEqual([]);
    // Chromium held the sync while the worker was (emulated) offline, and fires it now by itself.
    await context.setOffline(false);
    const uploaded = ['attic - Living Room', 'hall - Living Room'];
    await expect.poll(projectNames, { timeout: 120_000, interval: 500 }).toEqual(uploaded);
    await expectNoTab();
    expect(await queuedUploads(appServiceWorker(context))).toEqual([]);

    // The app opened again: nothing left to send, both projects listed, still one each on the server.
    const reopened = await app.openPage();
    await reopened.goto(`${server.url}/app`);
    for (const name of uploaded) await recent().getByText(name).waitFor(SLOW);
    expect(await queuedUploads(reopened)).toEqual([]);
    expect(await banner().count()).toBe(0);
    expect(await projectNames()).toEqual(uploaded);
    expect(app.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  }, 240_000);

  it('keeps the sync due through a server outage while the tab is open, then closed; a later sync sends it once', async () => {
    const { context, page } = app;
    let { server } = app;
    const origin = server.url;
    const before = await projectNames();
    const log = await backgroundSyncLog(page, origin);
    const failures = () => log.filter((e) => e.tag === SYNC_TAG && /failed/i.test(e.event));
    const failedBefore = failures().length;

    await server.kill();
    await generateSingle('cellar.jpg', 8);
    await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
    // Online, so Chromium fired the sync at once; the open tab tried, told the worker the photo still waits,
    // and the worker failed the event: Chromium keeps it and fires it again later, tab or not.
    await expect.poll(() => failures().length, poll).toBeGreaterThan(failedBefore);
    expect(failures().at(-1)?.details).toHaveProperty('Next Attempt Delay (ms)');

    await app.closeAllPages();
    server = await app.restartServer();
    const host = await context.newPage(); // about:blank: a CDP host only, see support/background-sync.ts
    await expectNoTab();
    expect(await projectNames()).toEqual(before); // nothing sends it until the sync fires again
    await fireSync(host, origin);
    const count = async () => (await projectNames()).length;
    await expect.poll(count, { timeout: 120_000, interval: 500 }).toBe(before.length + 1);
    await expectNoTab();
    expect(await queuedUploads(appServiceWorker(context))).toEqual([]);
  }, 240_000);
});
