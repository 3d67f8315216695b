import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const LANDING_H1 = /stage any room/i;

/**
 * Holds the app's main script (not the landing's own small one) until `release` is called; `requested`
 * resolves once the landing's script has asked for it (so it is listening for early presses).
 */
async function holdAppScript(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release = () => {};
  let markRequested = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    markRequested();
    await held;
    await route.continue();
  });
  return { requested, release };
}

describe.skipIf(!hasChromium)('landing page rendered at build time, hydrated in the browser', () => {
  const app = useServerAndBrowser();

  it('paints the whole landing page from its HTML, with JavaScript off', async () => {
    for (const viewport of VIEWPORTS) {
      const context = await app.browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(app.server.url);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(LANDING_H1);
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
      // A sign-up call to action, like the header's and the last one (it opens Create an account).
      expect(await page.getByRole('button', { name: 'Start for Free' }).isVisible()).toBe(true);
      expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeGreaterThan(3);
      expect(await page.locator('#examples img').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('demo-drop-zone').isVisible()).toBe(true);
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).count()).toBe(1);
      await context.close();
    }
  });

  it('is taken over by the app without a second render or console errors; early presses still count', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await app.browser.newPage({ viewport });
      const problems = watchProblems(page);
      const { requested, release } = await holdAppScript(page);
      await page.goto(app.server.url, { waitUntil: 'commit' });
      const h1 = page.getByRole('heading', { level: 1 });
      await h1.waitFor();
      await requested;
      await page.evaluate(() => {
        (window as unknown as { painted: Element | null }).painted = document.querySelector('h1');
      });
      // Pressed while the app is still on its way: nothing can happen yet...
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      expect(await page.getByRole('dialog').count()).toBe(0);
      release();
      // ...and once it has arrived, the press opens the sign-in dialog.
      await page.getByRole('dialog').getByLabel('Email', { exact: true }).waitFor({ timeout: 20_000 });
      // Hydrated: the heading painted from the HTML is the one React now owns.
      const same = await page.evaluate(
        () => document.querySelector('h1') === (window as unknown as { painted: Element | null }).painted,
      );
      expect(same).toBe(true);
      expect(await page.locator('h1').count()).toBe(1);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it("loads the examples' slider once they are on the screen, and the slider then works", async () => {
    const page = await app.browser.newPage({ viewport: VIEWPORTS[1] });
    const problems = watchProblems(page);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(app.server.url, { waitUntil: 'networkidle' });
    const slider = page.locator('#examples').getByRole('slider');
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    expect(scripts.filter((s) => s.includes('comparison'))).toEqual([]);
    // Waited for from before the scroll: on a quick machine the chunk can arrive before a later wait begins.
    const loaded = page.waitForResponse((res) => res.url().includes('/assets/comparison'));
    await page.locator('#examples').scrollIntoViewIfNeeded();
    await loaded;
    // The built markup stands in until the slider's code has mounted: a key pressed on it before then does
    // nothing, so the key is pressed on whatever slider is there until one answers.
    await expect
      .poll(
        async () => {
          await slider.focus();
          await page.keyboard.press('ArrowRight');
          return Number(await slider.getAttribute('aria-valuenow'));
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(50);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('passes a photo picked before the app arrived on to the demo', async () => {
    const page = await app.browser.newPage({ viewport: VIEWPORTS[0] });
    const problems = watchProblems(page);
    const { requested, release } = await holdAppScript(page);
    await page.goto(app.server.url, { waitUntil: 'commit' });
    await requested;
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 190, b: 170 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('demo-drop-zone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'early-room.jpg', mimeType: 'image/jpeg', buffer: photo });
    release();
    await page.getByText('early-room.jpg').waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('never shows the landing page at / to a signed-in user, not even for a frame', async () => {
    const context = await app.browser.newContext({ viewport: VIEWPORTS[0] });
    const page = await context.newPage();
    await registerInBrowser(page, app.server, { firstName: 'Sia', lastName: 'Tester' });
    await page.addInitScript(() => {
      const seen = window as unknown as { landingSeen: boolean };
      seen.landingSeen = false;
      new MutationObserver(() => {
        if (/stage any room/i.test(document.querySelector('h1')?.textContent ?? '')) seen.landingSeen = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const problems = watchProblems(page);
    await page.goto(app.server.url);
    await page.getByRole('button', { name: /^Account menu for Sia/ }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { landingSeen: boolean }).landingSeen)).toBe(
      false,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
