import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { PUSH_STAGED_TAG, type PushNotification } from '../shared/src/api';
import { stagedNotification, type StagedBatch } from '../bff/src/push/staged-notifications';
import { DEVICE_PUSH_TEXT } from '../pwa/src/features/settings/components/device-notifications';
import { comparisonTitle } from '../pwa/src/components/comparison/comparison-panel';
import { makePhoto } from '../bff/src/testing/images';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

interface Shown {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: unknown;
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n): Shown => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    }));
  });

/**
 * The registration of the worker that controls this page, as the DevTools protocol names it. Other files' pages
 * on the shared browser register the same origin's worker in their own contexts, with ids of their own: the one
 * to push to is the one whose active version lists this page among its controlled clients.
 */
async function registrationId(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const ours = versions.find(
        (v) => v.status === 'activated' && (v.controlledClients ?? []).includes(targetInfo.targetId),
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await found;
  const origin = new URL(page.url()).origin;
  /** A push as the browser's push service would hand it to the worker (already decrypted). */
  const deliver = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });
  return { deliver };
}

describe.skipIf(!hasChromium)('Web Push in Chromium', () => {
  const app = useServerAndBrowser(undefined, { browser: 'full' });
  let context: BrowserContext | undefined;
  afterEach(() => context?.close());

  async function signedInSettings(width: number, grant: boolean) {
    context = await app.browser.newContext({ viewport: { width, height: 900 } });
    if (grant) await context.grantPermissions(['notifications'], { origin: app.server.url });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Noor', lastName: 'Tester' });
    await page.goto(`${app.server.url}/settings`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // A second visit, as the worker now controls: the tab a notification click steers.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    return { page, problems };
  }

  it('the service worker shows a push as one notification per tag and a click opens the project (390 px)', async () => {
    const { page, problems } = await signedInSettings(390, true);
    const { deliver } = await registrationId(context!, page);
    const project = { _id: 'p-123', name: 'Sunny den', status: 'completed' as const, error: null };
    const batch: StagedBatch = { staged: 1, failed: 0, propertyIds: new Set([null]), lastAt: Date.now() };

    await deliver(JSON.stringify(stagedNotification(project, batch)));
    await expect
      .poll(() => shownNotifications(page), { timeout: 15_000 })
      .toEqual([
        {
          title: 'Your photo is staged',
          body: '“Sunny den” is ready to view.',
          tag: PUSH_STAGED_TAG,
          icon: `${app.server.url}/icons/icon-192.png`,
          data: { url: '/?project=p-123' },
        },
      ]);

    // The next photo of the run replaces it: one notification, counting both.
    const second: PushNotification = stagedNotification(
      { ...project, _id: 'p-456', name: 'Hall' },
      {
        ...batch,
        staged: 2,
      },
    );
    await deliver(JSON.stringify(second));
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.title), { timeout: 15_000 })
      .toEqual(['Your 2 photos are staged']);

    // The user's own project, told alone: a click on it (dispatched in the worker, as the browser would)
    // steers the open tab to the workspace, which opens that project.
    const created = await page.request.post(`${app.server.url}/api/projects`, {
      headers: { Origin: app.server.url },
      multipart: {
        name: 'Garden room',
        stagingMode: 'stage',
        roomType: 'living-room',
        stylePreset: 'scandinavian',
        colorPalette: 'navy-gold',
        image: {
          name: 'room.jpg',
          mimeType: 'image/jpeg',
          buffer: await makePhoto({ width: 800, height: 600 }),
        },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // Staged before the push, as the push says: the app then has no 'Project Completed' toast to put in the
    // place of 'Now viewing' (one toast at a time) while the click's page loads.
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`${app.server.url}/api/projects/${id}`);
          return ((await res.json()) as { status?: string }).status;
        },
        { timeout: 30_000 },
      )
      .toBe('completed');
    const single = { ...project, _id: id, name: 'Garden room' };
    await deliver(JSON.stringify(stagedNotification(single, batch)));
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.data), { timeout: 15_000 })
      .toEqual([{ url: `/?project=${id}` }]);
    const worker = context!.serviceWorkers().find((w) => w.url().startsWith(app.server.url));
    expect(worker).toBeDefined();
    await worker!.evaluate(async () => {
      // The worker's globals, typed here: this file is compiled with the page's libraries.
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await sw.registration.getNotifications();
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: notification! }));
    });
    // The project opens on a page loaded afresh by the click: on two busy cores that can take a while.
    await page.getByRole('region', { name: comparisonTitle('Garden room') }).waitFor({ timeout: 40_000 });
    // Opened once: the address no longer names it, so a reload does not open it again.
    await page.waitForURL(`${app.server.url}/`);
    expect(await shownNotifications(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a push this version cannot read still says something happened', async () => {
    const { page } = await signedInSettings(1280, true);
    const { deliver } = await registrationId(context!, page);
    await deliver('not json');
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => [n.title, n.body]), { timeout: 15_000 })
      .toEqual([['Stagely', 'Your stagings have news. Open Stagely to see them.']]);
  });

  it("Settings offers 'Notify this device' under the in-app toggle and says when the browser blocks it (1280 px)", async () => {
    const { page, problems } = await signedInSettings(1280, false);
    const toggle = page.getByRole('switch', { name: DEVICE_PUSH_TEXT.label });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByText(DEVICE_PUSH_TEXT.hints.off).waitFor();
    // Headless Chromium answers the permission prompt with a refusal, as a user who blocks it would.
    await toggle.click();
    await page.getByText(DEVICE_PUSH_TEXT.hints.blocked).waitFor({ timeout: 15_000 });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await toggle.isDisabled()).toBe(true);
    expect(problems).toEqual([]);
  });
});
