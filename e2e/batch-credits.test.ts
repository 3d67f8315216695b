import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BATCH_NOT_RUN_REASON, FREE_GENERATIONS_PER_MONTH, batchCompleteText } from '../shared/src/domain';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, contextAtWidth, FLOW_WIDTHS } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

/** Uses free generations through the API until `left` are left. */
async function useAllBut(page: Page, url: string, left: number): Promise<void> {
  for (let i = 0; i < FREE_GENERATIONS_PER_MONTH - left; i += 1) {
    const res = await page.request.post(`${url}/api/projects`, {
      headers: { Origin: url },
      multipart: { image: await photoFile(`used-${i}.jpg`, i), stagingMode: 'unstage', roomType: 'bedroom' },
    });
    expect(res.status()).toBe(201);
  }
}

describe.skipIf(!hasChromium)('a batch larger than the credits left', () => {
  const app = useServerAndBrowser();

  it.each(FLOW_WIDTHS)(
    'says what it needs and has before the run, and stages what fits on request (%i px)',
    async (width) => {
      const context = await contextAtWidth(app.browser, width);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Bea${width}` });
      await useAllBut(page, app.server.url, 2);
      const creates: number[] = [];
      page.on('response', (r) => {
        if (r.request().method() === 'POST' && r.url().endsWith('/api/projects')) creates.push(r.status());
      });
      await page.goto(`${app.server.url}/app`);
      await page.getByRole('tab', { name: 'Batch Processing' }).click();
      await page
        .getByLabel('Choose room photos')
        .setInputFiles([
          await photoFile('a.jpg', 1),
          await photoFile('b.jpg', 2),
          await photoFile('c.jpg', 3),
        ]);
      await page.getByText('This batch needs 3 credits; you have 2 left this month.').waitFor();

      await page.getByRole('button', { name: 'Process 3 Images' }).click();
      const dialog = page.getByRole('dialog', { name: 'Not enough credits for this batch' });
      await dialog
        .getByText(
          'Staging 3 photos needs 3 credits; you have 2 left this month. Stage the first 2 photos now, or upgrade to Pro for unlimited staging.',
        )
        .waitFor();
      await dialog.getByRole('button', { name: 'Upgrade to Pro' }).waitFor();
      expect(creates).toEqual([]);
      await dialog.getByRole('button', { name: 'Stage 2 photos' }).click();

      await page
        .getByRole('listitem')
        .filter({ hasText: batchCompleteText(2, 0, 1) })
        .waitFor(SLOW);
      const items = page.getByRole('list', { name: 'Batch items' }).getByRole('listitem');
      await expect.poll(() => items.filter({ hasText: 'Completed' }).count()).toBe(2);
      // The third photo waits for credits: never sent, never failed, and says why it is still pending.
      const third = await items.filter({ hasText: 'c' }).last().innerText();
      expect(third).toContain('Pending');
      expect(third).toContain(BATCH_NOT_RUN_REASON);
      expect(await items.filter({ hasText: 'Failed' }).count()).toBe(0);
      expect(creates).toEqual([201, 201]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
