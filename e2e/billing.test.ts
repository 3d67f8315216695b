import { describe, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('billing screens in Chromium (embedded default: no Stripe keys)', () => {
  const app = useServerAndBrowser();

  it("shows 'Subscription Unavailable' on /subscribe and a way back", async () => {
    const page = await app.browser.newPage();
    await registerInBrowser(page, app.server);
    await page.goto(`${app.server.url}/subscribe`);
    await page.getByRole('heading', { name: 'Subscription Unavailable' }).waitFor();
    await page
      .getByText('Subscription functionality is not currently available. Please contact support.')
      .waitFor();
    await page.getByRole('link', { name: 'Back to Staging' }).click();
    await page.waitForURL(`${app.server.url}/`);
    await page.close();
  });
});
