import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { export4kLabel } from '../shared/src/domain';
import type { FakeStripe } from '../bff/src/testing/fake-stripe';
import { registerInBrowser } from './support/accounts';
import { hasChromium, launchBrowser, watchProblems, FLOW_WIDTHS } from './support/browser';
import { roomJpeg } from './support/offline';
import { SLOW } from './support/offline-steps';
import { becomePro, startFakeStripe } from './support/pro-account';
import { startServer, type RunningServer } from './support/server';

/** The photo's long edge; the preview engine's result keeps it, so 4K is an enlargement of this. */
const PHOTO_EDGE = 1600;

describe.skipIf(!hasChromium)('Honest 4K in Chromium: the 4K switch says it is an enlargement', () => {
  let stripe: FakeStripe;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let projectId: string;

  beforeAll(async () => {
    const fake = await startFakeStripe();
    stripe = fake.stripe;
    // No REPLICATE_API_TOKEN: there is no upscaler, so a 4K export is an enlargement.
    server = await startServer(fake.env);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    problems = watchProblems(page);
    await registerInBrowser(page, server, { firstName: 'Quinn', lastName: 'Fourk' });
    await becomePro(page.request, server, stripe);
    const created = await page.request.post(`${server.url}/api/projects`, {
      headers: { Origin: server.url },
      multipart: {
        image: { name: 'lounge.jpg', mimeType: 'image/jpeg', buffer: await roomJpeg(1, PHOTO_EDGE, 1200) },
        name: 'Lounge - 4 Elm St',
        stagingMode: 'stage',
        roomType: 'living-room',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    projectId = ((await created.json()) as { id: string }).id;
    // Staged by the server's own worker (preview engine); polled as the PWA would.
    for (let waited = 0; ; waited += 250) {
      const status = await page.request.get(`${server.url}/api/projects/${projectId}/status`);
      if (((await status.json()) as { status: string }).status === 'completed') break;
      if (waited > SLOW.timeout) throw new Error('the project was not staged in time');
      await page.waitForTimeout(250);
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  for (const width of FLOW_WIDTHS) {
    it(`at ${width} px: switched on, 4K reads '4K, enlarged from ${PHOTO_EDGE} px' and downloads that`, async () => {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto(`${server.url}/app`);
      const recent = page.getByRole('region', { name: 'Recent Projects' });
      await recent
        .getByRole('button', { name: /^View Project / })
        .first()
        .click(SLOW);
      const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
      await comparison.waitFor(SLOW);
      await comparison.getByRole('button', { name: '4K', exact: true }).click(SLOW);
      const label = export4kLabel('enlarged', PHOTO_EDGE);
      const on = comparison.getByRole('button', { name: label, exact: true });
      await on.waitFor(SLOW);
      expect(await on.getAttribute('aria-pressed')).toBe('true');
      await on.scrollIntoViewIfNeeded();
      const box = (await on.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        comparison.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`staged-image-${projectId}-4k.jpg`);
      // Switched off again, it is just '4K' (the next test starts from a fresh page anyway).
      await on.click();
      await comparison.getByRole('button', { name: '4K', exact: true }).waitFor();
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
