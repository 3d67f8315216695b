import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  LISTING_SHARE_CONFIRM,
  MIN_PHOTO_SHORT_EDGE,
  SHARE_GONE_TEXT,
  SHARE_GONE_TITLE,
  UPLOAD_MESSAGES,
} from '../shared/src/domain';
import { decodeQr } from '../bff/src/testing/image-checks';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, downloadedBytes, FLOW_WIDTHS } from './support/browser';
import { roomJpeg, serverProjects } from './support/offline';
import type { RunningServer } from './support/server';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };
const EMOJI = /\p{Extended_Pictographic}/u;

/** Chromium logs every failed request; the 404 of a dead share link is what the page expects. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 404/.test(p));

const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/** The page's document is no wider than the screen (nothing to scroll sideways). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A staged project of the page's user, made through the API and finished by the preview engine. */
async function stagedProject(page: Page, server: RunningServer, seed: number): Promise<string> {
  const created = await page.request.post(`${server.url}/api/projects`, {
    headers: { Origin: server.url },
    multipart: {
      image: { name: `room-${seed}.jpg`, mimeType: 'image/jpeg', buffer: await roomJpeg(seed) },
      stagingMode: 'stage',
      roomType: 'living-room',
      stylePreset: 'modern',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(async () => (await serverProjects(page, server)).find((p) => p.id === id)?.status, {
      timeout: 60_000,
      interval: 250,
    })
    .toBe('completed');
  return id;
}

async function shareOf(page: Page, server: RunningServer, id: string): Promise<string | null> {
  const res = await page.request.get(`${server.url}/api/projects/${id}/share`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { link: { url: string } | null }).link?.url ?? null;
}

async function createShare(page: Page, server: RunningServer, id: string): Promise<string> {
  const res = await page.request.post(`${server.url}/api/projects/${id}/share`, {
    headers: { Origin: server.url },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

describe.skipIf(!hasChromium)('dead ends a new user or a buyer meets, in Chromium', () => {
  const app = useServerAndBrowser();

  it.each(FLOW_WIDTHS)(
    'a revoked, deleted or unknown share link tells a buyer so at %i px; other unknown routes keep the 404 page',
    { timeout: 120_000 },
    async (width) => {
      const owner = await app.browser.newContext();
      const ownerPage = await owner.newPage();
      await registerInBrowser(ownerPage, app.server, { firstName: 'Rita' });
      const [revokedId, deletedId] = [
        await stagedProject(ownerPage, app.server, 1),
        await stagedProject(ownerPage, app.server, 2),
      ];
      const revoked = await createShare(ownerPage, app.server, revokedId);
      const deleted = await createShare(ownerPage, app.server, deletedId);
      const headers = { Origin: app.server.url };
      expect(
        (
          await ownerPage.request.delete(`${app.server.url}/api/projects/${revokedId}/share`, { headers })
        ).ok(),
      ).toBe(true);
      expect(
        (await ownerPage.request.delete(`${app.server.url}/api/projects/${deletedId}`, { headers })).ok(),
      ).toBe(true);
      const unknown = 'Zz9_unknownShareToken-00';

      const buyer = await app.browser.newContext({ viewport: viewport(width) });
      const page = await buyer.newPage();
      const problems = watchProblems(page);
      for (const token of [revoked, deleted, unknown]) {
        expect((await page.request.get(`${app.server.url}/api/shares/${token}`)).status()).toBe(404);
        for (const path of [`/s/${token}`, `/s/${token}/original`]) {
          await page.goto(`${app.server.url}${path}`);
          await page.getByRole('heading', { level: 1, name: SHARE_GONE_TITLE }).waitFor({ timeout: 20_000 });
          expect(await page.getByText(SHARE_GONE_TEXT).isVisible(), path).toBe(true);
          expect(await page.getByText(/Page Not Found|Did you forget|router/).count(), path).toBe(0);
          expect(await page.locator('meta[name="robots"]').getAttribute('content'), path).toBe('noindex');
          expect(await fitsWidth(page), path).toBeLessThanOrEqual(width);
        }
      }

      await page.goto(`${app.server.url}/no-such-page`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor(SLOW);
      await page.getByText('Did you forget to add the page to the router?').waitFor();
      expect(await page.getByText(SHARE_GONE_TITLE).count()).toBe(0);

      expect(unexpected(problems)).toEqual([]);
      await buyer.close();
      await owner.close();
    },
  );

  it.each(FLOW_WIDTHS)(
    'asks before the first listing-ready download publishes a share link (%i px)',
    { timeout: 120_000 },
    async (width) => {
      const context = await app.browser.newContext({ viewport: viewport(width) });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: 'Lena' });
      await page.goto(`${app.server.url}/app`);
      await page.getByLabel('Choose a photo').setInputFiles({
        name: 'lounge.jpg',
        mimeType: 'image/jpeg',
        buffer: await roomJpeg(3),
      });
      await page.getByRole('button', { name: 'Generate Staging' }).click();
      const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
      await comparison.waitFor(SLOW);
      const [project] = await serverProjects(page, app.server);
      const id = project!.id;
      const downloadRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/download')) downloadRequests.push(r.url());
      });

      await comparison.getByRole('radio', { name: 'Listing-ready' }).click();
      const dialog = page.getByRole('dialog', { name: LISTING_SHARE_CONFIRM.title });
      const download = comparison.getByRole('button', { name: 'Download', exact: true });

      // Cancel: nothing downloaded, nothing published.
      await download.click();
      // The dialog's own box is empty (its panel is fixed-positioned): wait for what it shows.
      await dialog.getByRole('button', { name: 'Cancel' }).waitFor({ timeout: 15_000 });
      expect(await dialog.getByText(LISTING_SHARE_CONFIRM.description).isVisible()).toBe(true);
      const confirm = dialog.getByRole('button', { name: LISTING_SHARE_CONFIRM.confirm });
      const box = await confirm.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await shareOf(page, app.server, id)).toBeNull();
      expect(downloadRequests).toEqual([]);
      expect(await page.getByLabel('Share link').count()).toBe(0);

      // Confirm: the link is made, then the image downloads with its QR code.
      await download.click();
      const [file] = await Promise.all([page.waitForEvent('download', SLOW), confirm.click()]);
      expect(file.suggestedFilename()).toBe(`staged-image-${id}-listing.jpg`);
      const url = await shareOf(page, app.server, id);
      expect(url).toMatch(new RegExp(`^${app.server.url}/s/[A-Za-z0-9_-]{24}$`));
      // The QR carries the short address of the unaltered original, which the new share made.
      const printed = await decodeQr(await downloadedBytes(file));
      expect(printed).toMatch(new RegExp(`^${app.server.url}/o/[a-z0-9]{10}$`));
      expect((await fetch(`${printed}`)).status).toBe(200);
      await page.getByLabel('Share link').waitFor();
      expect(await page.getByLabel('Share link').inputValue()).toBe(url);

      // Shared already: the next listing-ready download asks nothing.
      const [again] = await Promise.all([page.waitForEvent('download', SLOW), download.click()]);
      expect(again.suggestedFilename()).toBe(`staged-image-${id}-listing.jpg`);
      expect(await dialog.count()).toBe(0);
      expect(await shareOf(page, app.server, id)).toBe(url);

      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('refuses a photo too small to stage at once, with the minimum, and uses no credit', async () => {
    const context = await app.browser.newContext({ viewport: viewport(390) });
    const page = await context.newPage();
    await registerInBrowser(page, app.server, { firstName: 'Tom' });
    const limits = async () =>
      (
        (await (await page.request.get(`${app.server.url}/api/user/limits`)).json()) as {
          generationsUsed: number;
        }
      ).generationsUsed;
    const thumbnail = await sharp(await roomJpeg(4))
      .resize(200, 150)
      .jpeg()
      .toBuffer();
    // The pick's analysis may refuse the photo before an upload Generate started is answered: that upload's
    // credit is taken and given back inside its request, so the count is read once uploads have their answer.
    const uploads: Promise<unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/projects')
        uploads.push(request.response());
    });
    await page.goto(`${app.server.url}/app`);
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'thumbnail.jpg',
      mimeType: 'image/jpeg',
      buffer: thumbnail,
    });
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    await page.getByText(UPLOAD_MESSAGES.tooSmall).first().waitFor({ timeout: 20_000 });
    expect(UPLOAD_MESSAGES.tooSmall).toContain(`${MIN_PHOTO_SHORT_EDGE} pixels`);
    await Promise.all(uploads);
    expect(await serverProjects(page, app.server)).toEqual([]);
    await expect.poll(limits, { timeout: 10_000 }).toBe(0);
    expect(await page.getByText(/failed unexpectedly/i).count()).toBe(0);
    await context.close();
  });

  it('tells a free user on /subscription-success at once that no subscription is active, with a way back', async () => {
    const context = await app.browser.newContext({ viewport: viewport(390) });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Fay' });
    await page.goto(`${app.server.url}/subscription-success`);
    await page.getByRole('heading', { name: 'No active subscription yet' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Confirming your subscription...').count()).toBe(0);
    // Payments are off here: no way to subscribe is offered, only the way back.
    expect(await page.getByRole('link', { name: 'Upgrade to Pro' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Staging' }).click();
    await page.waitForURL(`${app.server.url}/`);

    // Back from Stripe with a payment under way: it keeps waiting for the webhook.
    await page.goto(
      `${app.server.url}/subscription-success?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=processing`,
    );
    await page.getByText('Your payment is processing...').waitFor(SLOW);
    expect(await page.getByRole('heading', { name: 'No active subscription yet' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads no Stripe.js on /subscribe while payments are off, and logs no error', async () => {
    const context = await app.browser.newContext({ viewport: viewport(1280) });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const stripe: string[] = [];
    page.on('request', (r) => {
      if (/stripe\.com/.test(r.url())) stripe.push(r.url());
    });
    await registerInBrowser(page, app.server, { firstName: 'Pat' });
    await page.goto(`${app.server.url}/subscribe`);
    await page.getByRole('heading', { name: 'Subscription Unavailable' }).waitFor(SLOW);
    await page.waitForLoadState('networkidle');
    expect(stripe).toEqual([]);
    expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(FLOW_WIDTHS)(
    "Help's billing answers name actions Settings has; Help and Contact cards use drawn icons (%i px)",
    async (width) => {
      const context: BrowserContext = await app.browser.newContext({ viewport: viewport(width) });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: 'Hal' });

      await page.goto(`${app.server.url}/help`);
      const answer = (question: string) =>
        page.getByRole('article', { name: question }).locator('div').first().innerText();
      expect(await answer('How do I upgrade to Pro?')).toMatch(/Upgrade to Pro .*Settings/);
      expect(await answer('How do I cancel my subscription?')).toMatch(/Settings.*Manage subscription/);
      const categories = page.getByRole('navigation', { name: 'Help categories' }).getByRole('link');
      expect(await categories.count()).toBe(3);
      for (const card of await categories.all()) {
        expect(await card.innerText()).not.toMatch(EMOJI);
        expect(await card.locator('svg[aria-hidden="true"]').count()).toBe(1);
      }
      expect(await page.locator('main').innerText()).not.toMatch(EMOJI);

      await page.goto(`${app.server.url}/contact`);
      const topics = page.getByRole('region', { name: 'How can we help?' }).getByRole('button');
      await topics.first().waitFor(SLOW);
      expect(await topics.count()).toBe(4);
      for (const card of await topics.all()) {
        expect(await card.innerText()).not.toMatch(EMOJI);
        expect(await card.locator('svg[aria-hidden="true"]').count()).toBe(1);
      }
      expect(await page.locator('main').innerText()).not.toMatch(EMOJI);

      // A free user finds 'Upgrade to Pro' in Settings, as Help says.
      await page.goto(`${app.server.url}/settings`);
      const plan = page.getByRole('region', { name: 'Plan' });
      await plan.waitFor(SLOW);
      await plan.getByText('Free').first().waitFor();
      expect(await plan.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
      expect(await fitsWidth(page)).toBeLessThanOrEqual(width);
      await plan.getByRole('link', { name: 'Upgrade to Pro' }).click();
      await page.waitForURL(`${app.server.url}/subscribe`);
      await page.getByRole('heading', { name: 'Subscription Unavailable' }).waitFor(SLOW);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
