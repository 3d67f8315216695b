import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A small phone-like room photo: walls, floor and a window, as a JPEG. */
async function roomPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#d9d2c5"/><polygon points="0,800 1200,800 900,560 300,560" fill="#8a6a4a"/>
    <rect x="420" y="160" width="300" height="240" fill="#bfe0f5"/><rect x="300" y="120" width="600" height="440" fill="none" stroke="#b8ad9c" stroke-width="6"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function openDemo(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Try it now with your own photo' }).scrollIntoViewIfNeeded();
}

/** From analysis to the finished comparison, then back to the drop zone. */
async function stageToCompletion(page: Page, fileName: string) {
  await page.getByText(fileName).waitFor();
  // The preview engine cannot tell the room: nothing is preset, the visitor picks it.
  await page.getByText('Room type not detected').first().waitFor();
  await page.getByLabel('Room type', { exact: true }).selectOption('living-room');
  await page.getByRole('button', { name: 'Stage This Room' }).click();
  await page.getByText('Preview Started').waitFor();
  await page.getByText('Demo Complete').waitFor({ timeout: 45_000 });
  const demo = page.getByRole('region', { name: 'Try it now with your own photo' });
  const slider = demo.getByRole('slider');
  await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('50');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider.getAttribute('aria-valuenow')).resolves.toBe('51');
  await expect(demo.getByText('Preview', { exact: true }).isVisible()).resolves.toBe(true);
  // Both photos really arrive from the server (an anonymous visitor may read a demo project's images).
  await page.waitForFunction(() => {
    const region = document.querySelector('[aria-labelledby="demo-title"]');
    const imgs = Array.from(
      region?.querySelectorAll<HTMLImageElement>('[data-testid="comparison-slider"] img') ?? [],
    );
    return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  });
  await page.getByRole('button', { name: 'Try Another Room' }).click();
  await page.getByTestId('demo-drop-zone').waitFor();
}

describe.skipIf(!hasChromium)('landing demo in Chromium with the local preview engine', () => {
  const app = useServerAndBrowser({ DEMO_LIMIT_PER_DAY: '10' });
  let photo: Buffer;

  beforeAll(async () => {
    photo = await roomPhoto();
  });

  it('stages a picked photo and then a dropped photo, anonymously, to Demo Complete', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await openDemo(page, app.server.url);

    await page.locator('[data-testid="demo-drop-zone"] input[type="file"]').setInputFiles({
      name: 'living-room.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await stageToCompletion(page, 'living-room.jpg');

    // A real drag and drop: the page receives a DataTransfer carrying a text file and the photo.
    await page.evaluate((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File(['not a photo'], 'notes.txt', { type: 'text/plain' }));
      data.items.add(new File([bytes], 'dropped-room.jpg', { type: 'image/jpeg' }));
      const zone = document.querySelector('[data-testid="demo-drop-zone"]');
      if (!zone) throw new Error('no drop zone');
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    }, photo.toString('base64'));
    await stageToCompletion(page, 'dropped-room.jpg');

    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the landing page accessible and usable at 360 px wide', async () => {
    const page = await app.browser.newPage({
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      // Our CSP rightly forbids inline scripts; axe is injected by the test, not served by the app.
      bypassCSP: true,
    });
    const problems = watchProblems(page);
    await page.goto(app.server.url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (ctx: Document) => Promise<{
              violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
            }>;
          };
        }
      ).axe;
      const result = await axe.run(document);
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    });
    expect(violations).toEqual([]);

    const layout = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      small: Array.from(document.querySelectorAll<HTMLElement>('button, a, select, [role="slider"], label'))
        .filter((el) => el.offsetParent !== null)
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.height < 44 || r.width < 44)
        .map(({ el }) => el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName),
    }));
    expect(layout.overflow).toBeLessThanOrEqual(0);
    expect(layout.small).toEqual([]);

    await page.getByRole('button', { name: 'See Examples' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('examples')?.getBoundingClientRect().top ?? 999;
      return Math.abs(top) < 40;
    });
    await page.getByRole('button', { name: 'Kitchen' }).click();
    await page.getByRole('heading', { name: 'Before & After Comparison - Kitchen' }).waitFor();
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('ESC Exit fullscreen').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
