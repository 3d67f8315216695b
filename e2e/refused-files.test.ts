import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../shared/src/domain';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };
/** A text file that calls itself a photo: only the server, reading its bytes, can tell. */
const fakePhoto = { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all\n') };
const textFile = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('viewing notes\n') };
/** Chromium logs the refused analysis (415); the refusal is the point here. */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of 415/.test(p));

describe.skipIf(!hasChromium)(
  'files the server refuses are refused when picked, with the reason in place',
  () => {
    const app = useServerAndBrowser();

    it.each(FLOW_WIDTHS)(
      'the landing demo: the reason where the photo was, no Stage button (%i px)',
      async (width) => {
        const context = await app.browser.newContext({
          viewport: { width, height: width < 600 ? 844 : 900 },
        });
        const page = await context.newPage();
        const problems = watchProblems(page);
        await page.goto(app.server.url, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Try it now with your own photo' }).scrollIntoViewIfNeeded();
        await page.getByLabel('Browse files').setInputFiles(fakePhoto);
        await page.getByRole('alert').getByText(UPLOAD_MESSAGES.unsupportedType).waitFor(SLOW);
        expect(await page.getByRole('button', { name: 'Stage This Room' }).count()).toBe(0);
        // No thumbnail of a file that is no image (it would show broken).
        expect(await page.locator('img[src^="blob:"]').count()).toBe(0);
        await page.getByRole('button', { name: 'Choose another photo' }).click();
        await page.getByLabel('Browse files').waitFor();
        expect(unexpected(problems)).toEqual([]);
        await context.close();
      },
    );

    it.each(FLOW_WIDTHS)(
      'the batch: refused rows say why, offer no Retry and are never sent (%i px)',
      async (width) => {
        const context = await app.browser.newContext({
          viewport: { width, height: width < 600 ? 844 : 900 },
        });
        const page = await context.newPage();
        const problems = watchProblems(page);
        await registerInBrowser(page, app.server, { firstName: `Ray${width}` });
        const creates: string[] = [];
        page.on('request', (r) => {
          if (r.method() === 'POST' && r.url().endsWith('/api/projects')) creates.push(r.url());
        });
        await page.goto(`${app.server.url}/app?tab=batch`);
        await page
          .getByLabel('Choose room photos')
          .setInputFiles([textFile, fakePhoto, await photoFile('real.jpg', 1)]);
        const list = page.getByRole('list', { name: 'Batch items' });
        const row = (name: string) => list.getByRole('listitem').filter({ hasText: name });
        await row('notes').getByText(UPLOAD_MESSAGES.unsupportedType).waitFor();
        await row('fake').getByText(UPLOAD_MESSAGES.unsupportedType).waitFor(SLOW);
        await page.getByRole('button', { name: 'Process 1 Image' }).waitFor();
        for (const name of ['notes', 'fake']) {
          expect(
            await row(name)
              .getByRole('button', { name: /^Retry/ })
              .count(),
          ).toBe(0);
          expect(await row(name).locator('img').count()).toBe(0);
        }
        await page.getByRole('button', { name: 'Process 1 Image' }).click();
        await expect.poll(() => row('real').getByText('Completed').count(), SLOW).toBe(1);
        expect(creates).toHaveLength(1);
        expect(unexpected(problems)).toEqual([]);
        await context.close();
      },
    );
  },
);
