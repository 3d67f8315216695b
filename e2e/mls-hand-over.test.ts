import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { propertySchema, type Property } from '../shared/src/api';
import {
  CAPTIONS_FILE,
  DELETE_PUBLISHED_TEXTS,
  DISCLOSURE_FILE,
  LISTING_SHARE_CONFIRM,
  ORIGINAL_PAGE_TEXTS,
  mlsProfile,
  profileSourceLine,
  remarksSentence,
  type MlsProfileId,
} from '../shared/src/domain';
import { decodeQr, regionDiff } from '../bff/src/testing/image-checks';
import { readZip } from '../bff/src/testing/zip-reader';
import { PROPERTY_TEXTS } from '../pwa/src/features/properties/property-texts';
import { MLS_SECTION_TEXTS } from '../pwa/src/features/settings/components/mls-section';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, downloadedBytes } from './support/browser';
import { poll, SLOW } from './support/offline-steps';
import { useServerAndBrowser } from './support/use-server-and-browser';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** No sideways scroll at the phone's width and at the desktop's (the viewport switched, not the flow repeated). */
async function fitsBothWidths(page: Page) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
  }
}

async function roomPhoto(wall: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="1600" height="780" fill="${wall}"/><rect y="780" width="1600" height="420" fill="#8b6b4a"/>
    <rect x="980" y="160" width="360" height="300" fill="#cfe8ff" stroke="#fff" stroke-width="14"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** Chromium logs the expected 404 of an ended link as a failed resource. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 404/.test(p));

describe.skipIf(!hasChromium)('a hand-over every MLS accepts, in Chromium', () => {
  const app = useServerAndBrowser();
  const api = (path: string) => `${app.server.url}/api${path}`;

  /** A property of two rooms staged by the server's engine and shared with buyers, made through the API. */
  async function stagedProperty(page: Page): Promise<Property> {
    const id = randomUUID();
    expect((await page.request.post(api('/properties'), { data: { id, name: '7 Elm St' } })).status()).toBe(
      201,
    );
    const roomIds: string[] = [];
    for (const [roomType, wall] of [
      ['kitchen', '#e8dcc6'],
      ['bedroom', '#c6d8e8'],
    ] as const) {
      const roomId = randomUUID();
      const res = await page.request.post(api(`/properties/${id}/rooms`), {
        multipart: {
          roomId,
          roomType,
          image: { name: `${roomType}.jpg`, mimeType: 'image/jpeg', buffer: await roomPhoto(wall) },
        },
      });
      expect(res.status()).toBe(201);
      roomIds.push(roomId);
    }
    const staged = await page.request.post(api(`/properties/${id}/stage`), {
      data: { roomIds, stylePreset: 'modern' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(staged.status()).toBeLessThan(300);
    const read = async () =>
      propertySchema.parse(await (await page.request.get(api(`/properties/${id}`))).json());
    await expect
      .poll(async () => (await read()).rooms.every((r) => r.project?.status === 'completed'), {
        timeout: 60_000,
      })
      .toBe(true);
    expect((await page.request.post(api(`/properties/${id}/share`))).status()).toBe(201);
    return read();
  }

  /** Clicks Download ZIP on the property screen and opens the file. */
  async function downloadZip(page: Page) {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: PROPERTY_TEXTS.downloadZip }).click(),
    ]);
    return readZip(await downloadedBytes(download));
  }
  const choosePropertyMls = async (page: Page, propertyId: string, id: MlsProfileId) => {
    await page.getByLabel(PROPERTY_TEXTS.mlsLabel).selectOption({ label: mlsProfile(id).name });
    // Saved before the next download asks the server.
    const saved = async () =>
      propertySchema.parse(await (await page.request.get(api(`/properties/${propertyId}`))).json())
        .mlsProfile;
    await expect.poll(saved, poll).toBe(id);
    await page.getByText(profileSourceLine(mlsProfile(id))).waitFor(SLOW);
  };
  /** The bottom-left corner of a 1600 x 1200 photo, where a plate would be. */
  const corner = { left: 0, top: 950, width: 600, height: 250 };

  it('MLS Now from Settings, Smart MLS and CRMLS on the property, the short address at 1024 px', async () => {
    const context = await app.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Mona' });
    const property = await stagedProperty(page);
    const stagedOf = async (i: number) =>
      Buffer.from(
        await (
          await page.request.get(`${app.server.url}${property.rooms[i]!.project!.stagedImageUrl!}`)
        ).body(),
      );

    // MLS Now, picked once in Settings: no pixel added to any photo, the remarks sentence to paste.
    await page.goto(`${app.server.url}/settings`);
    await page.getByLabel(MLS_SECTION_TEXTS.label).selectOption({ label: mlsProfile('mls-now').name });
    await page.getByText(MLS_SECTION_TEXTS.saved).waitFor(SLOW);
    await page.getByText(profileSourceLine(mlsProfile('mls-now'))).waitFor(SLOW);
    await fitsBothWidths(page);

    await page.goto(`${app.server.url}/properties/${property.id}`);
    await page.getByRole('button', { name: PROPERTY_TEXTS.downloadZip }).waitFor(SLOW);
    let entries = await downloadZip(page);
    const photos = entries.filter((e) => /^0\d-[a-z-]+\.jpg$/.test(e.name));
    expect(photos.map((e) => e.name)).toEqual(['01-kitchen.jpg', '02-bedroom.jpg']);
    for (const [i, photo] of photos.entries()) {
      expect(await decodeQr(photo.data)).toBeNull();
      expect(await regionDiff(photo.data, await stagedOf(i), corner)).toBeLessThan(2);
    }
    const disclosure = entries.find((e) => e.name === DISCLOSURE_FILE)!.data.toString('utf8');
    const shareUrl = `${app.server.url}/p/`;
    expect(disclosure).toContain(remarksSentence(mlsProfile('mls-now'), ['staged'], shareUrl)!);

    // Smart MLS for this property: each altered photo carries the watermark.
    await choosePropertyMls(page, property.id, 'smart-mls');
    entries = await downloadZip(page);
    const marked = entries.filter((e) => /^0\d-[a-z-]+\.jpg$/.test(e.name));
    expect(marked).toHaveLength(2);
    for (const [i, photo] of marked.entries())
      expect(await regionDiff(photo.data, await stagedOf(i), corner)).toBeGreaterThan(10);

    // CRMLS: each original right after its altered photo, and the caption file labels both.
    await choosePropertyMls(page, property.id, 'crmls');
    entries = await downloadZip(page);
    const top = entries.filter((e) => !e.name.includes('/') && e.name.endsWith('.jpg'));
    expect(top.map((e) => e.name)).toEqual([
      '01-kitchen-1-altered.jpg',
      '01-kitchen-2-original.jpg',
      '02-bedroom-1-altered.jpg',
      '02-bedroom-2-original.jpg',
    ]);
    const captions = entries.find((e) => e.name === CAPTIONS_FILE)!.data.toString('utf8');
    expect(captions).toMatch(/^01-kitchen-1-altered\.jpg,Virtually staged\. Unaltered original: /m);
    expect(captions).toContain('01-kitchen-2-original.jpg,Unaltered original of the previous photo');

    // The labelled photo scaled as an MLS page shows it: the QR code still reads, its address is short.
    const scaled = await sharp(top[0]!.data).resize(1024).jpeg({ quality: 85 }).toBuffer();
    const qr = (await decodeQr(scaled))!;
    expect(qr).toMatch(new RegExp(`^${app.server.url}/o/[a-z2-9]{10}$`));
    expect(new URL(qr).pathname.length).toBeLessThanOrEqual(30);
    await page.goto(qr);
    await page.getByRole('heading', { level: 1, name: ORIGINAL_PAGE_TEXTS.title }).waitFor(SLOW);
    const shown = page.getByRole('img', { name: ORIGINAL_PAGE_TEXTS.title });
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth), poll).toBe(1600);

    expect(unexpected(problems)).toEqual([]);
    await context.close();
  }, 240_000);

  it('deleting a project with a published link asks, and with keep its archive still serves the original', async () => {
    const context = await app.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Ken' });
    await page.goto(`${app.server.url}/app`);
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'den.jpg',
      mimeType: 'image/jpeg',
      buffer: await roomPhoto('#d8cbb5'),
    });
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.waitFor({ timeout: 60_000 });
    await comparison.getByRole('radio', { name: 'Listing-ready' }).click();
    await comparison.getByRole('button', { name: 'Download' }).click();
    const publish = page.getByRole('dialog', { name: LISTING_SHARE_CONFIRM.title });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      publish.getByRole('button', { name: LISTING_SHARE_CONFIRM.confirm }).click(),
    ]);
    const qr = (await decodeQr(await downloadedBytes(download)))!;
    expect(qr).toMatch(new RegExp(`^${app.server.url}/o/[a-z2-9]{10}$`));
    const original = Buffer.from(
      await (await page.request.get(`${qr.replace('/o/', '/api/originals/')}/image`)).body(),
    );

    // Delete it from the project list: the dialog says what breaks and offers the archive.
    await page
      .getByRole('button', { name: /^Delete project / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Delete / });
    await dialog.getByRole('note').getByText(DELETE_PUBLISHED_TEXTS.warning(1)).waitFor(SLOW);
    const keep = dialog.getByRole('checkbox', { name: DELETE_PUBLISHED_TEXTS.keep });
    expect(await keep.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Project Deleted').first().waitFor(SLOW);

    // A buyer scanning the printed code still gets the original, and only the original.
    const buyer = await app.browser.newContext({ viewport: PHONE });
    const visitor = await buyer.newPage();
    await visitor.goto(qr);
    await visitor.getByRole('heading', { level: 1, name: ORIGINAL_PAGE_TEXTS.title }).waitFor(SLOW);
    await visitor.getByText(ORIGINAL_PAGE_TEXTS.archived, { exact: false }).waitFor(SLOW);
    expect(await visitor.getByRole('link', { name: ORIGINAL_PAGE_TEXTS.listing }).count()).toBe(0);
    const src = await visitor.getByRole('img', { name: ORIGINAL_PAGE_TEXTS.title }).getAttribute('src');
    const served = Buffer.from(await (await visitor.request.get(`${app.server.url}${src}`)).body());
    expect(served.equals(original)).toBe(true);
    await fitsBothWidths(visitor);

    expect(unexpected(problems)).toEqual([]);
    await buyer.close();
    await context.close();
  }, 180_000);
});
