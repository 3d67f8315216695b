import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTO_REFUSED_TITLE, UPLOAD_MESSAGES } from '../shared/src/domain';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { roomJpeg, serverProjects } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/** Chromium logs every refused request; the refusal (422) is the point here. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 422/.test(p));

/** A thumbnail: a real room photo, far below the size the engines can stage. */
const thumbnail = async (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp(await roomJpeg(4))
    .resize(200, 150)
    .jpeg()
    .toBuffer(),
});

/** The element's box lies inside the page's width. */
async function insideWidth(page: Page, selector: ReturnType<Page['getByRole']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return Boolean(box && box.x >= 0 && box.x + box.width <= width + 1);
}

describe.skipIf(!hasChromium)('a photo too small to stage is refused when picked', () => {
  const app = useServerAndBrowser();

  it.each(FLOW_WIDTHS)(
    'single photo (%i px): the sentence shows next to the photo at once, and Generate sends nothing',
    async (width) => {
      const context = await app.browser.newContext({ viewport: viewport(width) });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Tia${width}` });
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/projects')) posts.push(r.url());
      });
      await page.goto(`${app.server.url}/app`);
      await page.getByLabel('Choose a photo').setInputFiles(await thumbnail('thumbnail.jpg'));
      const alert = page.getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.tooSmall });
      await alert.waitFor({ timeout: 20_000 });
      expect(await alert.isVisible()).toBe(true);
      expect(await insideWidth(page, alert)).toBe(true);
      await page.getByText('This photo cannot be staged: choose another one.').waitFor();
      expect(await page.getByText('Choose your options, then press Generate.').count()).toBe(0);

      await page.getByRole('button', { name: 'Generate Staging' }).click();
      await page.getByText(PHOTO_REFUSED_TITLE, { exact: true }).waitFor();
      expect(posts).toEqual([]);
      expect(await serverProjects(page, app.server)).toEqual([]);
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    },
  );

  // The batch's refused item (skipped and counted), the demo's refusal and its daily limit are rules of the
  // components and the server: workspace-refusals.test.tsx, demo-flow.test.tsx, bff demo.test.ts, too-small.test.ts.
});
