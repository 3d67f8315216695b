import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FREE_GENERATIONS_PER_MONTH } from '../shared/src/domain';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, contextAtWidth } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('expected a visible element');
  return box;
}

/** What a tap at the middle of `locator` would reach is the element itself (nothing lies over it). */
const reachable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && el.contains(hit);
  });

/** Uses all but one of the user's free generations, through the API. */
async function useAllButOne(page: Page, url: string): Promise<void> {
  for (let i = 0; i < FREE_GENERATIONS_PER_MONTH - 1; i += 1) {
    const res = await page.request.post(`${url}/api/projects`, {
      headers: { Origin: url },
      multipart: { image: await photoFile(`used-${i}.jpg`, i), stagingMode: 'unstage', roomType: 'bedroom' },
    });
    expect(res.status()).toBe(201);
  }
}

describe.skipIf(!hasChromium)('toasts never cover a dialog’s controls', () => {
  const app = useServerAndBrowser();

  it.each([390, 1280])(
    'the paywall opened by a batch, with its final toast showing (%i px): buttons free, toast closable',
    async (width) => {
      const context = await contextAtWidth(app.browser, width);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Pam${width}` });
      await useAllButOne(page, app.server.url);
      // Another device used the credits meanwhile: this page's limits still say none were used, so the
      // batch runs, the first photo uses the last credit and the second is refused (402).
      await page.route('**/api/user/limits', async (route) => {
        const res = await route.fetch();
        await route.fulfill({
          response: res,
          json: { ...((await res.json()) as Record<string, unknown>), generationsUsed: 0 },
        });
      });
      await page.goto(`${app.server.url}/app`);

      // The paywall opens on the 402, then the batch's final toast shows while it is open.
      await page.getByRole('tab', { name: 'Batch Processing' }).click();
      await page
        .getByLabel('Choose room photos')
        .setInputFiles([await photoFile('a.jpg', 1), await photoFile('b.jpg', 2)]);
      await page.getByRole('button', { name: 'Process 2 Images' }).click();
      const paywall = page.getByRole('dialog', { name: 'Generation Limit Reached' });
      const upgrade = paywall.getByRole('button', { name: 'Upgrade to Pro' });
      const later = paywall.getByRole('button', { name: 'Maybe Later' });
      await upgrade.waitFor(SLOW);
      const toast = page.getByRole('listitem').filter({ hasText: 'Processed 1 of 2 images; 1 failed.' });
      await toast.waitFor();

      const toastBox = await boxOf(toast);
      for (const button of [upgrade, later]) {
        expect(overlaps(toastBox, await boxOf(button))).toBe(false);
        expect(await reachable(button)).toBe(true);
      }
      // The toast itself stays usable while the dialog is open; closing it leaves the dialog open.
      expect(await reachable(toast.getByRole('button', { name: 'Close notification' }))).toBe(true);
      await toast.getByRole('button', { name: 'Close notification' }).click();
      await toast.waitFor({ state: 'detached' });
      expect(await later.isVisible()).toBe(true);
      await later.click();
      await later.waitFor({ state: 'detached' });
      expect(problems.filter((p) => !/status of 402/.test(p))).toEqual([]);
      await context.close();
    },
  );
});
