import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../bff/src/testing/fake-stripe';
import { registerInBrowser } from './support/accounts';
import { hasChromium, launchBrowser, watchProblems, FLOW_WIDTHS } from './support/browser';
import { roomJpeg } from './support/offline';
import { SLOW } from './support/offline-steps';
import { becomePro, startFakeStripe } from './support/pro-account';
import { startServer, type RunningServer } from './support/server';

/** One more than a page of All projects (20), so the last one is reached with Load more. */
const PROJECTS = 25;
/** Made first, so it is the oldest: not on the first page, found by searching. */
const FOUND = 'Sunroom - 12 Harbor Rd';
const flat = (n: number) => `Flat ${n} - Oak St`;

describe.skipIf(!hasChromium)('All projects in Chromium: pages with Load more, finds by name', () => {
  let stripe: FakeStripe;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    const fake = await startFakeStripe();
    stripe = fake.stripe;
    // No worker: the projects stay as uploaded, so nothing runs while the list is read.
    server = await startServer({ ...fake.env, WORKER_ENABLED: 'false' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    problems = watchProblems(page);
    await registerInBrowser(page, server, { firstName: 'Alex', lastName: 'Manylistings' });
    await becomePro(page.request, server, stripe);
    for (let i = 0; i < PROJECTS; i++) {
      const name = i === 0 ? FOUND : flat(i);
      const created = await page.request.post(`${server.url}/api/projects`, {
        headers: { Origin: server.url },
        multipart: {
          image: { name: `room-${i}.jpg`, mimeType: 'image/jpeg', buffer: await roomJpeg(i % 8, 800, 600) },
          name,
          stagingMode: 'stage',
          roomType: 'living-room',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  const dialogOf = () => page.getByRole('dialog', { name: 'All projects' });
  const entries = () => dialogOf().getByRole('listitem');
  const atLeast44 = async (what: string, locator: ReturnType<Page['getByRole']>) => {
    const box = (await locator.boundingBox())!;
    expect(box.height, `${what} height`).toBeGreaterThanOrEqual(44);
    expect(box.width, `${what} width`).toBeGreaterThanOrEqual(44);
  };

  for (const width of FLOW_WIDTHS) {
    it(`at ${width} px: Load more pages to the oldest project, and a search finds it by name`, async () => {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto(`${server.url}/app`);
      const recent = page.getByRole('region', { name: 'Recent Projects' });
      await recent.getByText(flat(PROJECTS - 1), { exact: true }).waitFor(SLOW);
      expect(await recent.getByRole('listitem').count()).toBe(5);

      await recent.getByRole('button', { name: 'All projects' }).click();
      const dialog = dialogOf();
      // The dialog's own box is empty (its panel is fixed-positioned): wait for what it shows.
      await dialog.getByRole('heading', { name: 'All projects' }).waitFor(SLOW);
      await expect.poll(() => entries().count(), SLOW).toBe(20);
      expect(await dialog.getByText(FOUND, { exact: true }).count()).toBe(0);
      const loadMore = dialog.getByRole('button', { name: 'Load more' });
      await atLeast44('Load more', loadMore);
      await atLeast44('Close', dialog.getByRole('button', { name: 'Close' }));
      await atLeast44('search', dialog.getByRole('searchbox', { name: 'Search projects by name' }));
      await atLeast44(
        'View Project',
        dialog.getByRole('button', { name: `View Project ${flat(PROJECTS - 1)}` }),
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow').toBeLessThanOrEqual(0);

      await loadMore.click();
      await expect.poll(() => entries().count(), SLOW).toBe(PROJECTS);
      await dialog.getByText(FOUND, { exact: true }).waitFor(SLOW);
      expect(await loadMore.count()).toBe(0);
      await dialog.getByText('That is all of them.').waitFor(SLOW);

      await dialog.getByRole('searchbox', { name: 'Search projects by name' }).fill('harbor');
      await expect.poll(() => entries().count(), SLOW).toBe(1);
      await entries().getByText(FOUND, { exact: true }).waitFor(SLOW);
      await dialog.getByRole('searchbox', { name: 'Search projects by name' }).fill('no such room');
      await dialog.getByText('No projects match "no such room".').waitFor(SLOW);
      await dialog.getByRole('searchbox', { name: 'Search projects by name' }).fill('HARBOR');
      await dialog.getByRole('button', { name: `View Project ${FOUND}` }).click(SLOW);
      await dialog.waitFor({ state: 'detached', ...SLOW });
      await page.getByText(`Now viewing: ${FOUND}`).waitFor(SLOW);

      // Only what the screens show stays on the device: Recent Projects, never these pages or searches.
      await expect
        .poll(async () => {
          const stored = await page.evaluate(() => localStorage.getItem('stagely-query-cache'));
          const queries = (
            JSON.parse(stored ?? '{}') as { clientState?: { queries: { queryKey: unknown[] }[] } }
          ).clientState?.queries;
          return queries?.map((q) => q.queryKey.join(' ')).sort();
        }, SLOW)
        .toEqual(['/api/auth/user', '/api/projects list recent', '/api/user/limits']);
      expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    }, 180_000);
  }
});
