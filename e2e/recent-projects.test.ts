import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, launchBrowser, watchProblems } from './support/browser';
import { roomJpeg, serverProjects, setOffline } from './support/offline';
import { offlineSteps, SLOW } from './support/offline-steps';
import { startServer, type RunningServer } from './support/server';
import { useOfflineApp } from './support/use-offline-app';

// With the staging worker off, a new project stays Pending until the server restarts with it on: a test can
// see the list say Pending, then watch it change by itself.
const NO_WORKER = { WORKER_ENABLED: 'false' };
const WORKER = { WORKER_ENABLED: 'true' };
/** The preview engine finishes in seconds; a busy machine may take a while to restart the server first. */
const FINISHED = { timeout: 90_000 };

const recentOf = (page: Page) => page.getByRole('region', { name: 'Recent Projects' });
const entryOf = (page: Page, name: string) => recentOf(page).getByRole('listitem').filter({ hasText: name });
const statusOf = (entry: Locator, label: 'Pending' | 'Completed') => entry.getByText(label, { exact: true });

describe.skipIf(!hasChromium)('Recent Projects in Chromium: never stale', () => {
  let server: RunningServer;
  let browser: Browser;
  let desk: BrowserContext;
  let phone: BrowserContext;
  let deskPage: Page;
  let phonePage: Page;
  let problems: string[];

  beforeAll(async () => {
    server = await startServer(NO_WORKER);
    browser = await launchBrowser();
    desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    deskPage = await desk.newPage();
    phonePage = await phone.newPage();
    problems = watchProblems(phonePage);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function restartServer(env: Record<string, string>): Promise<void> {
    await server.kill();
    server = await startServer({ ...env, PORT: String(server.port) }, server.dataDir);
  }

  // A project made on another device shows once the app opens again (the list kept on the device is not the
  // truth): pwa/src/app/workspace-in-app.test.tsx.
  it('turns a Pending entry Completed by itself on both devices: no View Project, no reload', async () => {
    const account = await registerInBrowser(deskPage, server, { firstName: 'Dana', lastName: 'Twodevices' });
    const login = await phonePage.request.post(`${server.url}/api/auth/login`, {
      data: account,
      headers: { Origin: server.url },
    });
    expect(login.status()).toBe(200);
    const made = 'Den - 11/24/2026';
    const created = await deskPage.request.post(`${server.url}/api/projects`, {
      headers: { Origin: server.url },
      multipart: {
        image: { name: 'den.jpg', mimeType: 'image/jpeg', buffer: await roomJpeg(1) },
        name: made,
        stagingMode: 'stage',
        roomType: 'living-room',
      },
    });
    expect(created.status()).toBe(201);
    await phonePage.goto(`${server.url}/app`);
    await deskPage.goto(`${server.url}/app`);
    await statusOf(entryOf(phonePage, made), 'Pending').waitFor(SLOW);
    await statusOf(entryOf(deskPage, made), 'Pending').waitFor(SLOW);

    await restartServer(WORKER);
    await statusOf(entryOf(phonePage, made), 'Completed').waitFor(FINISHED);
    await statusOf(entryOf(deskPage, made), 'Completed').waitFor(FINISHED);
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  }, 180_000);

  it('shows a whole typical name with 44 px actions at 360, 390 and 1280 px', async () => {
    const name = 'Living Room - 11/24/2026';
    const created = await deskPage.request.post(`${server.url}/api/projects`, {
      headers: { Origin: server.url },
      multipart: {
        image: { name: 'living.jpg', mimeType: 'image/jpeg', buffer: await roomJpeg(2) },
        name,
        stagingMode: 'stage',
        roomType: 'living-room',
      },
    });
    expect(created.status()).toBe(201);

    for (const width of [360, 390, 1280]) {
      await phonePage.setViewportSize({ width, height: 800 });
      await phonePage.reload();
      const entry = entryOf(phonePage, name);
      const title = entry.getByText(name, { exact: true });
      await title.waitFor(SLOW);
      const whole = await title.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
      );
      expect(whole, `name cut at ${width} px`).toBe(true);
      const nameBox = (await title.boundingBox())!;
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(width);
      // The name has most of the row, not what the actions leave over.
      const rowWidth = (await entry.boundingBox())!.width;
      expect(nameBox.width, `name width at ${width} px`).toBeGreaterThanOrEqual(rowWidth / 2);

      // Rename, View and Delete.
      const buttons = entry.getByRole('button');
      expect(await buttons.count()).toBe(3);
      for (const button of await buttons.all()) {
        const box = (await button.boundingBox())!;
        expect(box.width, `${await button.getAttribute('aria-label')} at ${width} px`).toBeGreaterThanOrEqual(
          44,
        );
        expect(box.height).toBeGreaterThanOrEqual(44);
        const overlaps =
          box.x < nameBox.x + nameBox.width &&
          nameBox.x < box.x + box.width &&
          box.y < nameBox.y + nameBox.height &&
          nameBox.y < box.y + box.height;
        expect(overlaps).toBe(false);
      }
    }
  }, 120_000);
});

describe.skipIf(!hasChromium)(
  'Recent Projects after a photo queued offline (service worker, IndexedDB)',
  () => {
    const app = useOfflineApp({ firstName: 'Quinn', lastName: 'Queue' }, NO_WORKER);
    const { banner, openWorkspace, generateSingle } = offlineSteps(app);

    it('queued offline, reloaded, back online: its entry goes from Pending to Completed by itself', async () => {
      const { context, page } = app;
      await openWorkspace();
      await setOffline(context, page, true);
      await generateSingle('attic.jpg', 3);
      await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
      await page.reload();
      await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
      // The list could not be revalidated offline: that is no error to shout about.
      await recentOf(page).getByText('No projects yet. Your staged rooms will appear here.').waitFor(SLOW);
      expect(await page.getByRole('alert').count()).toBe(0);

      await setOffline(context, page, false);
      await expect.poll(async () => (await serverProjects(page, app.server)).length, SLOW).toBe(1);
      const name = (await serverProjects(page, app.server))[0]!.name;
      await statusOf(entryOf(page, name), 'Pending').waitFor(SLOW);

      await app.server.kill();
      await app.restartServer(WORKER);
      await statusOf(entryOf(page, name), 'Completed').waitFor(FINISHED);
      await page.reload();
      await statusOf(entryOf(page, name), 'Completed').waitFor(SLOW);
      expect(app.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    }, 240_000);
  },
);
