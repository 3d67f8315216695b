import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeTwelveMegapixelPhoto } from '../bench/intake.bench';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 90_000 };
const KB = 1024;

/** The bodies the page sends to `path`, in bytes, as they leave the browser. */
function bodiesTo(page: Page, path: string): number[] {
  const sizes: number[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path)
      sizes.push(r.postDataBuffer()?.length ?? 0);
  });
  return sizes;
}

describe.skipIf(!hasChromium)(
  'a 12 MP photo leaves the phone once, resized; analysis gets a small copy',
  () => {
    const app = useServerAndBrowser();
    let photo: Buffer;

    it.each(FLOW_WIDTHS)('workspace and demo send no original (%i px)', async (width) => {
      photo ??= await makeTwelveMegapixelPhoto();
      const file = { name: 'phone.jpg', mimeType: 'image/jpeg', buffer: photo };
      const context = await app.browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Pat${width}` });
      const analyses = bodiesTo(page, '/api/analyze');
      const uploads = bodiesTo(page, '/api/projects');
      await page.goto(`${app.server.url}/app`);
      await page.getByLabel('Choose a photo').setInputFiles(file);
      await expect.poll(() => analyses.length, SLOW).toBe(1);
      await page.getByRole('button', { name: 'Generate Staging' }).click();
      await expect.poll(() => uploads.length, SLOW).toBe(1);
      expect(analyses[0]).toBeLessThan(120 * KB);
      expect(analyses[0]! + uploads[0]!).toBeLessThan(600 * KB);

      const visitor = await app.browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      const landing = await visitor.newPage();
      const demoAnalyses = bodiesTo(landing, '/api/analyze');
      const demoUploads = bodiesTo(landing, '/api/demo/stage');
      await landing.goto(app.server.url, { waitUntil: 'networkidle' });
      await landing.getByLabel('Browse files').setInputFiles(file);
      await landing.getByLabel('Room type', { exact: true }).selectOption('living-room', SLOW);
      await landing.getByRole('button', { name: 'Stage This Room' }).click();
      await expect.poll(() => demoUploads.length, SLOW).toBe(1);
      expect(demoAnalyses[0]).toBeLessThan(120 * KB);
      expect(demoAnalyses[0]! + demoUploads[0]!).toBeLessThan(600 * KB);
      await visitor.close();
      expect(problems).toEqual([]);
      await context.close();
    });
  },
);
