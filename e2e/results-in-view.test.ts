import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, contextAtWidth } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

/** The element lies wholly inside the window. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

describe.skipIf(!hasChromium)('what Generate and Process make comes into view', () => {
  const app = useServerAndBrowser();

  it.each([390, 1280])(
    'pressed from the bottom of the options, progress and results are in the window (%i px)',
    async (width) => {
      const context = await contextAtWidth(app.browser, width, 800);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Vic${width}` });
      await page.goto(`${app.server.url}/app`);

      await page.getByLabel('Choose a photo').setInputFiles(await photoFile('den.jpg', 1));
      const generate = page.getByRole('button', { name: 'Generate Staging' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await generate.click();
      const progress = page.getByRole('region', { name: 'Staging progress' });
      await progress.waitFor(SLOW);
      await expect.poll(() => inView(progress), SLOW).toBe(true);
      await page
        .getByRole('button', { name: /^Download/ })
        .first()
        .waitFor(SLOW);

      await page.getByRole('tab', { name: 'Batch Processing' }).click();
      await page
        .getByLabel('Choose room photos')
        .setInputFiles([await photoFile('a.jpg', 2), await photoFile('b.jpg', 3)]);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('button', { name: 'Process 2 Images' }).click();
      const overall = page.getByRole('progressbar', { name: 'Overall batch progress' });
      await expect.poll(() => inView(overall), SLOW).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
