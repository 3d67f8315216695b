import { describe, expect, it } from 'vitest';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('the landing page’s calls to action agree', () => {
  const app = useServerAndBrowser();

  it.each([390, 1280])(
    'each of the three opens Create an account, none leaves for /app (%i px)',
    async (width) => {
      const context = await app.browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(app.server.url, { waitUntil: 'networkidle' });
      for (const name of ['Start Free Trial', 'Start for Free', 'Claim Your Free Credits']) {
        await page.getByRole('button', { name }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('First name').waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
