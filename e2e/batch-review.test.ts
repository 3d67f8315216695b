import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

describe.skipIf(!hasChromium)('a batch reviewed in place and kept', () => {
  const app = useServerAndBrowser();

  it.each(FLOW_WIDTHS)(
    'View shows each result in the batch tab; the batch is back after a reload and on another device (%i px)',
    async (width) => {
      const mobile = width < 600;
      const viewport = { width, height: mobile ? 844 : 900 };
      const options = { viewport, hasTouch: mobile, isMobile: mobile };
      const context = await app.browser.newContext(options);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const account = await registerInBrowser(page, app.server, { firstName: `Rex${width}` });
      await page.goto(`${app.server.url}/app`);
      await page.getByRole('tab', { name: 'Batch Processing' }).click();
      await page
        .getByLabel('Choose room photos')
        .setInputFiles([await photoFile('hall.jpg', 1), await photoFile('den.jpg', 2)]);
      await page.getByRole('button', { name: 'Process 2 Images' }).click();
      const list = page.getByRole('list', { name: 'Batch items' });
      await expect.poll(() => list.getByText('Completed').count(), SLOW).toBe(2);

      // View keeps the batch tab and its list, and shows the result beside it, one after another.
      await page.getByRole('button', { name: /^View hall/ }).click();
      const review = page.getByRole('region', { name: 'Batch results' });
      await review.getByText('Result 1 of 2').waitFor();
      expect(await page.getByRole('tab', { name: 'Batch Processing' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      expect(await list.isVisible()).toBe(true);
      await review.getByRole('heading', { name: /hall/ }).first().waitFor();
      await review.getByRole('button', { name: 'Next' }).click();
      await review.getByText('Result 2 of 2').waitFor();
      await review.getByRole('heading', { name: /den/ }).first().waitFor();
      expect(await review.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

      // A reload comes back to the batch tab with the batch and its results.
      await page.reload();
      await expect.poll(() => list.getByText('Completed').count(), SLOW).toBe(2);
      await review.getByText('Result 1 of 2').waitFor();

      // Another device signed in to the same account sees the same batch.
      const other = await app.browser.newContext(options);
      const second = await other.newPage();
      const login = await second.request.post(`${app.server.url}/api/auth/login`, {
        data: { email: account.email, password: account.password },
        headers: { Origin: app.server.url },
      });
      expect(login.status()).toBe(200);
      await second.goto(`${app.server.url}/app?tab=batch`);
      const otherList = second.getByRole('list', { name: 'Batch items' });
      await expect.poll(() => otherList.getByText('Completed').count(), SLOW).toBe(2);
      expect(await otherList.getByText(/hall/).count()).toBe(1);

      // Clear batch clears it everywhere.
      await second.getByRole('button', { name: 'Clear batch' }).click();
      await otherList.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByText('Add room photos to the batch').waitFor();
      expect(await list.count()).toBe(0);
      expect(problems).toEqual([]);
      await other.close();
      await context.close();
    },
  );
});
