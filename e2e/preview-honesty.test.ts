import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

const PREVIEW_NOTICE = 'Preview mode: no AI provider is connected, so the photo is not really staged.';
const RESULT_NOTICE =
  'Made in preview mode: no AI provider was connected, so this photo is only a colour-tinted copy, not really staged.';

/** A room-like photo; `tint` makes each one a different picture. */
async function roomPhoto(name: string, tint: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="520" fill="${tint}"/><rect y="520" width="1200" height="280" fill="#8b6b4a"/>
    <rect x="780" y="120" width="260" height="220" fill="#cfe8ff" stroke="#fff" stroke-width="12"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}
type Photo = Awaited<ReturnType<typeof roomPhoto>>;

/** Every text the pages of `context` ever showed (toasts come and go), gathered as their DOM changes. */
async function recordTexts(context: BrowserContext, page: Page): Promise<() => Promise<string>> {
  // Injected by the test through the devtools protocol (the app's CSP rightly forbids inline scripts).
  await context.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { seenTexts: Set<string> }).seenTexts = seen;
    const start = () => {
      const grab = () => seen.add(document.body.innerText);
      new MutationObserver(grab).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      grab();
    };
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  });
  return () =>
    page.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts].join('\n'));
}

/** The notice is on screen as plain text: visible, not clipped to nothing, inside the page width. */
async function expectVisibleNotice(page: Page, text: string) {
  const notice = page.getByRole('note').filter({ hasText: text }).first();
  await notice.waitFor();
  await notice.scrollIntoViewIfNeeded();
  const box = await notice.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.height > 10 && box.x >= 0 && box.x + box.width <= width + 1).toBe(true);
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

describe.skipIf(!hasChromium)('preview mode is honest, and analysis keeps the user’s room type', () => {
  const app = useServerAndBrowser({ DEMO_LIMIT_PER_DAY: '20' });
  let photos: Photo[];
  beforeAll(async () => {
    photos = await Promise.all([
      roomPhoto('sunny-room.jpg', '#e8d9b0'),
      roomPhoto('blue-room.jpg', '#9fb6d6'),
    ]);
  });

  for (const width of FLOW_WIDTHS) {
    const mobile = width < 600;
    const viewport = { width, height: mobile ? 844 : 900 };

    it(`demo at ${width} px: the notice shows before staging and with the result; no AI claims`, async () => {
      const context = await app.browser.newContext({ viewport, hasTouch: mobile, isMobile: mobile });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const texts = await recordTexts(context, page);
      await page.goto(app.server.url, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Try it now with your own photo' }).scrollIntoViewIfNeeded();
      await page.locator('[data-testid="demo-drop-zone"] input[type="file"]').setInputFiles(photos[0]!);

      await expectVisibleNotice(page, PREVIEW_NOTICE);
      await page.getByText('Room type not detected', { exact: true }).first().waitFor();
      // An unsure analysis presets nothing, and 'Other' is not passed off as a detection.
      expect(await page.getByLabel('Room type', { exact: true }).inputValue()).toBe('');
      await page.getByLabel('Room type', { exact: true }).selectOption('kitchen');
      await page.getByRole('button', { name: 'Stage This Room' }).click();
      await page.getByText('Demo Complete').waitFor({ timeout: 45_000 });
      await expectVisibleNotice(page, RESULT_NOTICE);
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);

      const seen = await texts();
      expect(seen).toContain('Preview Started');
      expect(seen).not.toMatch(/AI magic|Our AI is staging|AI Staging Started|Detected:/);
      expect(problems).toEqual([]);
      await context.close();
    });

    // The single photo's rules (Kitchen kept after an unsure analysis, no AI claim while it stages, its name) are
    // proven below: workspace-honesty.test.tsx, progress-indicator.test.tsx, bff rename.test.ts.
    it(`workspace at ${width} px: the notice shows before staging; in a batch each photo gets its own editable room type and thumbnail; names follow them`, async () => {
      const context = await app.browser.newContext({ viewport, hasTouch: mobile, isMobile: mobile });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Bea${width}` });
      await page.goto(app.server.url);
      await expectVisibleNotice(page, PREVIEW_NOTICE);
      await page.getByRole('tab', { name: 'Batch Processing' }).click();
      await page.getByLabel('Choose room photos').setInputFiles(photos);

      const items = page.getByRole('list', { name: 'Batch items' });
      const sunny = items.getByLabel('Room type for sunny-room', { exact: true });
      const blue = items.getByLabel('Room type for blue-room', { exact: true });
      // Both were analysed on their own: the preview engine is unsure, so both keep the batch's room type.
      await expect.poll(() => items.getByText('Not detected').count(), { timeout: 20_000 }).toBe(2);
      expect(await sunny.inputValue()).toBe('living-room');
      expect(await blue.inputValue()).toBe('living-room');
      const thumbs = await items
        .locator('img')
        .evaluateAll((imgs) =>
          imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0 && i.clientWidth >= 40),
        );
      expect(thumbs).toEqual([true, true]);

      await sunny.selectOption('bedroom');
      await blue.selectOption('bathroom');
      const box = await sunny.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);

      await page.getByRole('button', { name: 'Process 2 Images' }).click();
      await page.getByText('Processed 2 images successfully.').waitFor({ timeout: 60_000 });
      expect(await sunny.isDisabled()).toBe(true);
      const recent = page.getByRole('region', { name: 'Recent Projects' });
      await recent.getByText('sunny-room - Bedroom').waitFor();
      await recent.getByText('blue-room - Bathroom').waitFor();
      await items.getByRole('button', { name: 'View blue-room' }).click();
      await page.getByRole('region', { name: 'Before & After Comparison - blue-room - Bathroom' }).waitFor();
      await expectVisibleNotice(page, RESULT_NOTICE);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
