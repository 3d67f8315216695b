import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  LISTING_SHARE_CONFIRM,
  ORIGINAL_PAGE_TEXTS,
  SHARE_GONE_TITLE,
  revokeConfirmText,
} from '../shared/src/domain';
import { decodeQr } from '../bff/src/testing/image-checks';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, downloadedBytes } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

async function roomPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="520" fill="#d8cbb5"/><rect y="520" width="1200" height="280" fill="#8b6b4a"/>
    <rect x="780" y="120" width="260" height="220" fill="#cfe8ff" stroke="#fff" stroke-width="12"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The slider's value after a touch drag from its middle to `toShare` of its width (CDP touch events). */
async function touchDrag(page: Page, toShare: number): Promise<number> {
  const box = await page.getByTestId('comparison-slider').boundingBox();
  if (!box) throw new Error('no slider');
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', box.x + box.width / 2);
  for (const step of [0.4, 0.3, toShare]) await touch('touchMove', box.x + box.width * step);
  await touch('touchEnd', box.x + box.width * toShare);
  await cdp.detach();
  return Number(await page.getByRole('slider').getAttribute('aria-valuenow'));
}

/** Chromium logs every failed request; the expected 404 of a revoked share is not a problem. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 404/.test(p));

describe.skipIf(!hasChromium)('sharing with a buyer in Chromium', () => {
  const app = useServerAndBrowser();

  it('downloads a listing-ready image, shares the link, a signed-out buyer drags the slider, revoking ends it', async () => {
    const owner = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    const page = await owner.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Sam' });
    await page.goto(`${app.server.url}/app`);
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'lounge.jpg',
      mimeType: 'image/jpeg',
      buffer: await roomPhoto(),
    });
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.waitFor({ timeout: 45_000 });

    // Listing-ready download: asked first (its QR code needs a public page), then the label and the QR code.
    await comparison.getByRole('radio', { name: 'Listing-ready' }).click();
    await comparison.getByRole('button', { name: 'Download' }).click();
    const publish = page.getByRole('dialog', { name: LISTING_SHARE_CONFIRM.title });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      publish.getByRole('button', { name: LISTING_SHARE_CONFIRM.confirm }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^staged-image-[\w-]+-listing\.jpg$/);
    const qr = await decodeQr(await downloadedBytes(download));
    // The short address of the original: a person can type it.
    expect(qr).toMatch(new RegExp(`^${app.server.url}/o/[a-z2-9]{10}$`));

    // The link made for the download; 'Share with buyer' copies it (no share sheet on desktop Linux).
    const linkField = page.getByLabel('Share link');
    await linkField.waitFor();
    const url = await linkField.inputValue();
    await page.getByRole('button', { name: 'Share with buyer' }).click();
    await page.getByText('Link Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // A buyer on a phone, signed out: the page, the disclosure, a touch drag of the slider.
    const buyer = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const visitor = await buyer.newPage();
    const visitorProblems = watchProblems(visitor);
    await visitor.goto(url);
    await visitor
      .getByRole('note')
      .getByText(/This is a preview, not a staged photo: no furniture or decor was added or removed/)
      .waitFor();
    expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await visitor.getByRole('slider').getAttribute('aria-valuenow')).toBe('50');
    const afterDrag = await touchDrag(visitor, 0.2);
    expect(afterDrag).toBeGreaterThan(10);
    expect(afterDrag).toBeLessThan(30);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await visitor.getByText('Sam').count()).toBe(0);

    // The QR code's page shows the unedited original, and leads on to the before/after page.
    await visitor.goto(qr!);
    await visitor.getByRole('heading', { level: 1, name: ORIGINAL_PAGE_TEXTS.title }).waitFor();
    await visitor.getByRole('img', { name: ORIGINAL_PAGE_TEXTS.title }).waitFor();
    expect(await visitor.getByRole('link', { name: ORIGINAL_PAGE_TEXTS.listing }).getAttribute('href')).toBe(
      new URL(url).pathname,
    );

    // The owner revokes; the buyer's next visit says the link is no longer available.
    await page.getByRole('button', { name: 'Revoke link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this share link?' });
    // It says what breaks: the one listing-ready photo downloaded above.
    await confirm.getByText(revokeConfirmText(1)).waitFor();
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByText('Link Revoked').waitFor();
    await linkField.waitFor({ state: 'detached' });
    await visitor.goto(url);
    await visitor.getByRole('heading', { name: SHARE_GONE_TITLE }).waitFor();
    await visitor.goto(qr!);
    await visitor.getByRole('heading', { name: SHARE_GONE_TITLE }).waitFor();

    expect(problems).toEqual([]);
    expect(unexpected(visitorProblems)).toEqual([]);
    await buyer.close();
    await owner.close();
  });
});
