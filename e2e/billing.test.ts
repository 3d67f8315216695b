import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!hasChromium)('billing screens in Chromium (embedded default: no Stripe keys)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows 'Subscription Unavailable' on /subscribe and a way back", async () => {
    const page = await browser.newPage();
    const res = await page.request.post(`${server.url}/api/auth/register`, {
      data: { email: `billing-${Date.now()}@example.com`, password: 'bright kitchen 42' },
      headers: { Origin: server.url },
    });
    if (res.status() !== 201) throw new Error(`register failed: ${res.status()}`);
    await page.goto(`${server.url}/subscribe`);
    await page.getByRole('heading', { name: 'Subscription Unavailable' }).waitFor();
    await page
      .getByText('Subscription functionality is not currently available. Please contact support.')
      .waitFor();
    await page.getByRole('link', { name: 'Back to Staging' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });
});
