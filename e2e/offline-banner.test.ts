import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium } from './support/browser';
import { photoFile, setOffline } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every visible control of the page (and the ones the user reaches first) that the banner's box overlaps. */
async function controlsUnderBanner(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(() => {
    const banner = document.querySelector('section[aria-label="Upload queue"]');
    if (!banner) throw new Error('no upload queue banner');
    const b = banner.getBoundingClientRect();
    const overlaps = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < b.right &&
      b.left < r.right &&
      r.top < b.bottom &&
      b.top < r.bottom;
    return [
      ...document.querySelectorAll<HTMLElement>('button, select, input, a, [role="tab"], [role="radio"]'),
    ]
      .filter((el) => !banner.contains(el) && el.getClientRects().length > 0)
      .filter((el) => overlaps(el.getBoundingClientRect()))
      .map((el) => el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName);
  });
}

const boxOf = async (page: Page, name: string, role: 'tablist' | 'combobox' | 'button') => {
  const box: Box | null = await page.getByRole(role, { name }).boundingBox();
  if (!box) throw new Error(`${name} is not shown`);
  return box;
};

const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

describe.skipIf(!hasChromium)('the offline upload banner on a phone', () => {
  const app = useServerAndBrowser();

  it('sits in the page above the workspace at 360 and 390 px, never over the tabs, room type or Generate', async () => {
    const context = await app.browser.newContext({
      viewport: { width: 360, height: 780 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await registerInBrowser(page, app.server, { firstName: 'Olive' });
    await page.goto(`${app.server.url}/app`);
    await page.getByRole('region', { name: 'Recent Projects' }).waitFor(SLOW);

    await setOffline(context, page, true);
    await page.getByLabel('Choose a photo').setInputFiles(await photoFile('attic.jpg', 1));
    await page.getByText('attic.jpg').waitFor(SLOW);
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    const banner = page.getByRole('region', { name: 'Upload queue' });
    await banner.getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);

    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 });
      expect(await controlsUnderBanner(page)).toEqual([]);
      const shown = await banner.boundingBox();
      if (!shown) throw new Error('banner not shown');
      for (const [name, role] of [
        ['Staging type', 'tablist'],
        ['Room type', 'combobox'],
        ['Generate Staging', 'button'],
      ] as const) {
        const control = await boxOf(page, name, role);
        expect(apart(shown, control), `${name} at ${width} px`).toBe(true);
      }
      expect(shown.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // Still readable on a desktop: the whole sentence on screen, nothing under it either.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await controlsUnderBanner(page)).toEqual([]);
    const text = banner.getByText('Waiting for connection: 1 photo queued');
    const line = await text.boundingBox();
    expect(line && line.x >= 0 && line.x + line.width <= 1280 && line.y >= 0).toBe(true);
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await context.close();
  });
});
