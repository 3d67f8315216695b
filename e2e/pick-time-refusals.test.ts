import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHOTO_REFUSED_TITLE, UPLOAD_MESSAGES } from '../shared/src/domain';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { roomJpeg, serverProjects } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };
const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/** Chromium logs every refused request; the refusals (422) and the demo's limit (429) are the point here. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 42[29]/.test(p));

const photo = async (name: string, seed = 1) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await roomJpeg(seed),
});
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

describe.skipIf(!hasChromium)(
  'a photo too small to stage is refused when picked; the demo limit stops Stage',
  () => {
    const app = useServerAndBrowser({ DEMO_LIMIT_PER_DAY: '1' });

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

    it.each(FLOW_WIDTHS)(
      'batch (%i px): its own placeholder, the thumbnail failed before the run, skipped and counted',
      async (width) => {
        const context = await app.browser.newContext({ viewport: viewport(width) });
        const page = await context.newPage();
        const problems = watchProblems(page);
        await registerInBrowser(page, app.server, { firstName: `Bo${width}` });
        await page.goto(`${app.server.url}/app`);
        // A photo picked on the Single tab stays there.
        await page.getByLabel('Choose a photo').setInputFiles(await photo('single.jpg'));
        await page.getByText('Choose your options, then press Generate.').waitFor();
        await page.getByRole('tab', { name: 'Batch Processing' }).click();
        const result = page.getByRole('region', { name: 'Result' });
        await result.getByText('Add room photos to the batch, then press Process').waitFor();
        expect(await page.getByText('Choose your options, then press Generate.').isVisible()).toBe(false);
        expect(await page.getByRole('img', { name: 'The room photo you chose' }).isVisible()).toBe(false);

        await page
          .getByLabel('Choose room photos')
          .setInputFiles([await thumbnail('tiny-icon.jpg'), await photo('hall.jpg', 2)]);
        const items = page.getByRole('list', { name: 'Batch items' });
        const tiny = items.getByRole('listitem').filter({ hasText: 'tiny-icon' });
        await tiny.getByText(UPLOAD_MESSAGES.tooSmall).waitFor({ timeout: 20_000 });
        await tiny.getByText('Failed', { exact: true }).waitFor();
        expect(await tiny.getByRole('button', { name: 'Retry tiny-icon' }).count()).toBe(0);
        await result.getByText('Press View on a finished photo').waitFor();

        await page.getByRole('button', { name: 'Process 1 Image' }).click();
        await page.getByText('Processed 1 of 2 images; 1 failed.').waitFor(SLOW);
        const names = (await serverProjects(page, app.server)).map((p) => p.name);
        expect(names).toEqual([expect.stringMatching(/^hall - /)]);
        expect(unexpected(problems)).toEqual([]);
        await context.close();
      },
    );

    it('demo (390 px): says the photo is too small and keeps Stage off; after the daily limit, Stage stays off', async () => {
      const context = await app.browser.newContext({
        viewport: viewport(390),
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(app.server.url, { waitUntil: 'networkidle' });
      const input = page.locator('[data-testid="demo-drop-zone"] input[type="file"]');
      const stage = page.getByRole('button', { name: 'Stage This Room' });
      const room = page.getByLabel('Room type', { exact: true });

      await input.setInputFiles(await thumbnail('thumbnail.jpg'));
      await page
        .getByRole('alert')
        .filter({ hasText: UPLOAD_MESSAGES.tooSmall })
        .waitFor({ timeout: 20_000 });
      // A refused photo offers no options and no Stage button, only another photo.
      expect(await room.count()).toBe(0);
      expect(await stage.count()).toBe(0);

      // Another photo stages (the day's one free demo), the next one meets the limit.
      await page.getByRole('button', { name: 'Choose another photo' }).click();
      await input.setInputFiles(await photo('living.jpg'));
      await room.selectOption('kitchen');
      await stage.click();
      await page.getByText('Demo Complete').waitFor(SLOW);
      await page.getByRole('button', { name: 'Try Another Room' }).click();
      await input.setInputFiles(await photo('bedroom.jpg', 3));
      await room.selectOption('bedroom');
      await stage.click();
      const offer = page.getByRole('alert').filter({ hasText: 'Free demo limit reached.' });
      await offer.waitFor(SLOW);
      expect(await stage.isDisabled()).toBe(true);
      await room.selectOption('kitchen');
      expect(await stage.isDisabled()).toBe(true);
      // The offer is said in place, with its button free to press: no toast lies over it.
      const signUp = offer.getByRole('button', { name: 'Create a free account' });
      await signUp.scrollIntoViewIfNeeded();
      expect(await page.getByText('Staging Failed', { exact: true }).count()).toBe(0);
      await signUp.click();
      // The dialog's own box is empty (its panel is fixed-positioned): wait for what it shows.
      await page.getByRole('dialog').getByLabel('Email', { exact: true }).waitFor();
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    });
  },
);
