import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_BENEFITS } from '@shared/domain';
import type { FakeStripe } from '../bff/src/testing/fake-stripe';
import { registerInBrowser } from './support/accounts';
import { hasChromium, launchBrowser, watchProblems, FLOW_WIDTHS } from './support/browser';
import { becomePro, sendSubscriptionWebhook, startFakeStripe } from './support/pro-account';
import { startServer, type RunningServer } from './support/server';

/** The fake Stripe's period end (Unix 1,900,000,000) as the app writes it. */
const PERIOD_END = 'Mar 17, 2030';

describe.skipIf(!hasChromium)('What a Pro user sees of the plan, in Chromium', () => {
  let stripe: FakeStripe;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const fake = await startFakeStripe();
    stripe = fake.stripe;
    server = await startServer({ ...fake.env, WORKER_ENABLED: 'false' });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  const newPage = async (width: number): Promise<[Page, string[]]> => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    return [page, watchProblems(page)];
  };
  /** The account menu's text, opened in the workspace header. */
  const menuText = async (page: Page) => {
    await page.goto(`${server.url}/app`);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    const menu = page.getByRole('menu');
    const text = await menu.textContent();
    await page.keyboard.press('Escape');
    return text ?? '';
  };

  for (const width of FLOW_WIDTHS) {
    it(`shows the renewal date, then the end date once cancelled (${width} px)`, async () => {
      const [page, problems] = await newPage(width);
      await registerInBrowser(page, server, { firstName: 'Pat', lastName: `Pro${width}` });
      const subscriptionId = await becomePro(page.request, server, stripe);

      await page.goto(`${server.url}/settings`);
      const plan = page.getByRole('region', { name: 'Plan' });
      await plan.getByText(`Renews on ${PERIOD_END}`).waitFor();
      expect(await plan.getByRole('button', { name: 'Manage subscription' }).isVisible()).toBe(true);
      const menu = await menuText(page);
      expect(menu).toContain('Plan: Pro');
      expect(menu).toContain(`Renews on ${PERIOD_END}`);

      // Cancelled in Stripe's portal: Stripe tells the server, and the app says when Pro ends.
      stripe.cancelAtPeriodEnd(subscriptionId);
      await sendSubscriptionWebhook(page.request, server, stripe, subscriptionId);
      // Back from the portal later: a page without the copy of the user kept from a moment ago.
      const later = await (
        await browser.newContext({
          viewport: { width, height: 900 },
          storageState: { cookies: await page.context().cookies(), origins: [] },
        })
      ).newPage();
      const laterProblems = watchProblems(later);
      await later.goto(`${server.url}/settings`);
      const laterPlan = later.getByRole('region', { name: 'Plan' });
      await laterPlan.getByText(`Ends on ${PERIOD_END}`).waitFor();
      expect(await laterPlan.getByText(/Renews on/).count()).toBe(0);
      expect(await menuText(later)).toContain(`Ends on ${PERIOD_END}`);
      expect(laterProblems).toEqual([]);
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it('lists every Pro benefit to a free user in Settings, and the Free plan in the menu', async () => {
    const [page, problems] = await newPage(390);
    await registerInBrowser(page, server, { firstName: 'Fran', lastName: 'Free' });
    await page.goto(`${server.url}/settings`);
    const plan = page.getByRole('region', { name: 'Plan' });
    await plan.getByRole('link', { name: 'Upgrade to Pro' }).waitFor();
    const text = (await plan.textContent())?.toLowerCase() ?? '';
    for (const benefit of PRO_BENEFITS) expect(text).toContain(benefit.toLowerCase());
    expect(await menuText(page)).toContain('Plan: Free');
    expect(problems).toEqual([]);
  }, 60_000);
});
