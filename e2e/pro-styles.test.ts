import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRO_STYLE_TITLE,
  STYLE_PRESET_LABELS,
  proStyleMessage,
  type StylePreset,
} from '../shared/src/domain';
import type { FakeStripe } from '../bff/src/testing/fake-stripe';
import { registerInBrowser } from './support/accounts';
import { hasChromium, launchBrowser, watchProblems, FLOW_WIDTHS } from './support/browser';
import { roomJpeg } from './support/offline';
import { SLOW } from './support/offline-steps';
import { becomePro, startFakeStripe } from './support/pro-account';
import { startServer, type RunningServer } from './support/server';

const ADVANCED: StylePreset = 'japandi';
const LOCKED: StylePreset = 'mid-century';

describe.skipIf(!hasChromium)('advanced style presets in Chromium', () => {
  let stripe: FakeStripe;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    const fake = await startFakeStripe();
    stripe = fake.stripe;
    server = await startServer(fake.env);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  const newPage = async (width: number): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: width > 400 ? 900 : 844 } });
    return context.newPage();
  };
  const photo = async (seed: number) => ({
    name: `room-${seed}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await roomJpeg(seed, 1200, 800),
  });

  for (const width of FLOW_WIDTHS) {
    it(`at ${width} px: a Pro account (paid through Stripe) stages in ${STYLE_PRESET_LABELS[ADVANCED]} and sees it on the result`, async () => {
      const page = await newPage(width);
      const problems = watchProblems(page);
      await registerInBrowser(page, server, { firstName: 'Petra', lastName: 'Pro' });
      await becomePro(page.request, server, stripe);
      await page.goto(`${server.url}/app`);

      await page.getByLabel('Choose a photo').setInputFiles(await photo(width % 7));
      const style = page.getByRole('radio', { name: STYLE_PRESET_LABELS[ADVANCED] });
      await style.click(SLOW);
      expect(await style.getAttribute('aria-checked')).toBe('true');
      expect(await page.getByRole('group', { name: /Pro styles/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Generate Staging' }).click();

      const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
      await comparison.waitFor(SLOW);
      // The project's details name the style it was made in.
      const details = page.locator('section[aria-labelledby="project-details-title"] dl');
      await details.getByText(STYLE_PRESET_LABELS[ADVANCED], { exact: true }).waitFor(SLOW);
      await page.getByText('Staging completed successfully').waitFor(SLOW);
      expect(problems).toEqual([]);
      await page.context().close();
    }, 180_000);

    it(`at ${width} px: a free account sees the advanced presets locked, the paywall opens, and the API refuses them`, async () => {
      const page = await newPage(width);
      const problems = watchProblems(page);
      await registerInBrowser(page, server, { firstName: 'Fred', lastName: 'Free' });
      await page.goto(`${server.url}/app`);

      const locked = page.getByRole('group', { name: /Pro styles/ });
      const lockedStyle = locked.getByRole('button', {
        name: new RegExp(`^${STYLE_PRESET_LABELS[LOCKED]}.*Pro style, locked$`),
      });
      await lockedStyle.waitFor(SLOW);
      expect(await page.getByRole('radio', { name: STYLE_PRESET_LABELS[LOCKED] }).count()).toBe(0);
      const box = (await lockedStyle.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(width);

      await lockedStyle.click();
      const paywall = page.getByRole('dialog', { name: PRO_STYLE_TITLE });
      await paywall.getByText(proStyleMessage(LOCKED)).waitFor(SLOW);
      await paywall.getByRole('button', { name: 'Upgrade to Pro' }).waitFor();
      await paywall.getByRole('button', { name: 'Maybe Later' }).click();
      await paywall.waitFor({ state: 'detached' });
      expect(await page.getByRole('radio', { name: 'Modern' }).getAttribute('aria-checked')).toBe('true');

      // Asked for anyway, the API refuses the style before taking a credit.
      const refused = await page.request.post(`${server.url}/api/projects`, {
        headers: { Origin: server.url },
        multipart: {
          image: await photo(3),
          name: 'Den',
          stagingMode: 'stage',
          roomType: 'living-room',
          stylePreset: LOCKED,
        },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({ error: 'pro_style', message: proStyleMessage(LOCKED) });
      const limits = (await (await page.request.get(`${server.url}/api/user/limits`)).json()) as {
        generationsUsed: number;
      };
      expect(limits.generationsUsed).toBe(0);
      expect(problems).toEqual([]);
      await page.context().close();
    }, 180_000);
  }
});
