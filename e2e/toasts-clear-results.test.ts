import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { contextAtWidth, hasChromium, watchProblems } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

interface Samples {
  /** Samples where a toast was shown while the progress or the comparison was on screen. */
  together: number;
  /** What a toast covered, by the covered box's label ('slider handle' for a comparison's handle). */
  covered: string[];
}

/** Half the size of the comparison's round handle (44 px), which sits halfway down its divider. */
const HANDLE_HALF = 22;

/**
 * Samples the page every 50 ms: each shown toast's box against the staging progress, every before/after
 * comparison on screen and each comparison's slider handle (found by their accessible names and roles, not by
 * the app's own marks). With `handlesOnly`, only the handles count (at desktop width a toast beside the photo
 * is fine; over the handle it is in the way).
 */
async function watchToastOverlap(page: Page, handlesOnly = false): Promise<() => Promise<Samples>> {
  await page.evaluate(
    ([half, only]) => {
      const found: Samples = { together: 0, covered: [] };
      (window as unknown as { toastSamples: Samples }).toastSamples = found;
      const onScreen = (r: DOMRect) => r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
      setInterval(() => {
        const toasts = [...document.querySelectorAll('ol[aria-label^="Notifications"] > li')].map((t) =>
          t.getBoundingClientRect(),
        );
        const boxes = [
          ...document.querySelectorAll(
            'section[aria-label="Staging progress"], section[aria-label^="Before & After"]',
          ),
        ]
          .map((b) => ({ label: b.getAttribute('aria-label') ?? '', rect: b.getBoundingClientRect() }))
          .filter((b) => !only && onScreen(b.rect));
        for (const slider of document.querySelectorAll(
          'section[aria-label^="Before & After"] [role="slider"]',
        )) {
          const r = slider.getBoundingClientRect();
          const middle = r.top + r.height / 2;
          const rect = new DOMRect(r.left, middle - half, r.width, 2 * half);
          if (onScreen(rect)) boxes.push({ label: 'slider handle', rect });
        }
        if (toasts.length === 0 || boxes.length === 0) return;
        found.together++;
        for (const t of toasts)
          for (const b of boxes)
            if (
              t.bottom > b.rect.top &&
              t.top < b.rect.bottom &&
              t.right > b.rect.left &&
              t.left < b.rect.right
            )
              found.covered.push(b.label);
      }, 50);
    },
    [HANDLE_HALF, handlesOnly] as const,
  );
  return () => page.evaluate(() => (window as unknown as { toastSamples: Samples }).toastSamples);
}

describe.skipIf(!hasChromium)('toasts leave the progress, the result and its slider handle in sight', () => {
  const app = useServerAndBrowser();

  it('a staging from Generate to the result: no toast covers the progress or the comparison (390 px)', async () => {
    const context = await contextAtWidth(app.browser, 390);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Tess' });
    await page.goto(`${app.server.url}/app`);
    await page.getByLabel('Choose a photo').setInputFiles(await photoFile('den.jpg', 1));
    const samples = await watchToastOverlap(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    await page.getByRole('region', { name: 'Staging progress' }).waitFor(SLOW);
    await page
      .getByRole('button', { name: /^Download/ })
      .first()
      .waitFor(SLOW);
    // Until the last toast has gone.
    await expect.poll(() => page.locator('ol[aria-label^="Notifications"] > li').count(), SLOW).toBe(0);
    const seen = await samples();
    // The test saw toasts beside the boxes, so it could have caught one on top of them.
    expect(seen.together).toBeGreaterThan(10);
    expect(seen.covered).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a staging finished at 1280 px: its toasts never sit over the comparison’s slider handle', async () => {
    const context = await contextAtWidth(app.browser, 1280);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Desk' });
    await page.goto(`${app.server.url}/app`);
    await page.getByLabel('Choose a photo').setInputFiles(await photoFile('den.jpg', 3));
    const samples = await watchToastOverlap(page, true);
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    await page
      .getByRole('button', { name: /^Download/ })
      .first()
      .waitFor(SLOW);
    await page.locator('ol[aria-label^="Notifications"] > li').first().waitFor(SLOW);
    await expect.poll(() => page.locator('ol[aria-label^="Notifications"] > li').count(), SLOW).toBe(0);
    const seen = await samples();
    expect(seen.together).toBeGreaterThan(10);
    expect(seen.covered).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
