import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import type { Download, Locator, Page } from 'playwright-core';
import {
  CONCEPT_LABEL,
  LISTING_SHARE_CONFIRM,
  STRUCTURE_CHANGES_HEADING,
  STRUCTURE_CHOICE,
  STRUCTURE_CREDIT_BACK,
  STRUCTURE_OPINION_PREFIX,
  STRUCTURE_WARNING,
} from '../shared/src/domain';
import { renderRoom, type RoomVariant } from '../bff/src/testing/synthetic-rooms';
import { STRICT_SENTENCE } from '../bff/src/ai/prompts';
import { FAKE_OPINIONS } from '../bff/src/testing/fake-structure-review';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, downloadedBytes } from './support/browser';
import { useFakeOpenAIApp } from './support/use-fake-openai-app';
import { anotherRoom } from '../bff/src/testing/another-room';
import { PROPERTY_TEXTS } from '../pwa/src/features/properties/property-texts';
import { WORKSPACE_TEXTS } from '../pwa/src/features/workspace/workspace-messages';
import { RESTAGE_CONFIRM } from '../pwa/src/components/structure-choice/structure-choice-texts';

const OVERLAY_ALT = 'Where the result differs from the original photo';

/** The disclosure a downloaded JPEG carries inside (its XMP description). */
const xmpOf = async (download: Download) =>
  (await sharp(await downloadedBytes(download)).metadata()).xmp?.toString('utf8') ?? '';

/** Publishes the share link the listing-ready copy points to, and takes the download. */
async function publishAndDownload(page: Page): Promise<Download> {
  const publish = page.getByRole('dialog', { name: LISTING_SHARE_CONFIRM.title });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    publish.getByRole('button', { name: LISTING_SHARE_CONFIRM.confirm }).click(),
  ]);
  return download;
}

/** The choice's Restage and Keep as concept buttons, both thumb-sized and the page no wider than a 390 px phone. */
async function choiceAtPhoneWidth(page: Page, choice: Locator) {
  const restage = choice.getByRole('button', { name: STRUCTURE_CHOICE.restage });
  const keep = choice.getByRole('button', { name: STRUCTURE_CHOICE.keep });
  for (const button of [restage, keep])
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  return { restage, keep };
}

describe.skipIf(!hasChromium)('structure check in Chromium: Show changes, and a flagged result', () => {
  const suite = useFakeOpenAIApp();
  const { fake, room, app } = suite;

  /** Another room altogether, seen from another side: no repair makes it this one. */
  const elsewhere = () => anotherRoom(room);

  /**
   * A signed-in workspace at `width` px that stages the room; the provider answers with `variant` of it.
   * `free`: a free restyle (no structure lock), so the local check and repair see the whole answer.
   */
  async function stageAt(width: number, variant: RoomVariant | 'elsewhere', name: string, free = false) {
    fake.reset();
    fake.editImage = () => (variant === 'elsewhere' ? elsewhere() : renderRoom(room, variant));
    // Locked, another room is the photo outside the lock: the vision model is what finds it changed.
    if (variant === 'elsewhere') fake.verdict = 'changed';
    const page = await (await suite.openAt(width)).newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: name });
    await page.goto(`${app.server.url}/app`);
    await page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: suite.photo });
    if (free) await page.getByLabel(WORKSPACE_TEXTS.freeRestyle).check();
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.waitFor({ timeout: 45_000 });
    return { page, comparison, problems };
  }

  it('at 1280 px: a result that keeps the room has no warning; Show changes lays the change mask over it', async () => {
    const { page, comparison, problems } = await stageAt(1280, 'furnished', 'Ada');
    const toggle = comparison.getByRole('button', { name: 'Show changes' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await comparison.getByAltText(OVERLAY_ALT).count()).toBe(0);
    expect(await page.getByText(STRUCTURE_WARNING).count()).toBe(0);
    await toggle.click();
    const overlay = comparison.getByAltText(OVERLAY_ALT);
    await overlay.waitFor();
    // The mask loaded (owner's session) and covers the photo box exactly.
    await expect
      .poll(() => overlay.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const slider = await comparison.getByTestId('comparison-slider').boundingBox();
    const box = await overlay.boundingBox();
    expect(
      box && slider && Math.abs(box.width - slider.width) < 1 && Math.abs(box.height - slider.height) < 1,
    ).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await overlay.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  // The repaired window (Restored note, marks clipped to the After side) is proven below: a moved window in
  // bff/src/jobs/structure-retry.test.ts, its overlay and list in comparison-panel.test.tsx.
  it("at 390 px: another room is restaged, still flagged with the vision model's words (beside the overlay at 1280 px); kept as a concept, its listing copy says 'Design concept'", async () => {
    const { page, comparison, problems } = await stageAt(390, 'elsewhere', 'Di');
    // One retry with stricter wording, then kept and flagged.
    await comparison.getByText(STRUCTURE_WARNING).waitFor();
    expect(fake.edits()).toHaveLength(2);
    await comparison.getByRole('button', { name: 'Show changes' }).click();
    await comparison.getByAltText(OVERLAY_ALT).waitFor();
    const list = comparison.getByRole('region', { name: STRUCTURE_CHANGES_HEADING });
    // The vision model was asked once per result (the first try and the strict retry).
    expect(await list.textContent()).toContain(`${STRUCTURE_OPINION_PREFIX}${FAKE_OPINIONS.changed.note}`);
    expect(fake.reviews()).toHaveLength(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Beside the comparison at a desktop's width, not under it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect
      .poll(async () => {
        const slider = await comparison.getByTestId('comparison-slider').boundingBox();
        const side = await list.boundingBox();
        return !!(side && slider && side.x >= slider.x + slider.width - 1);
      })
      .toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await comparison.getByRole('button', { name: 'Show changes' }).click();
    await comparison.getByAltText(OVERLAY_ALT).waitFor({ state: 'detached' });

    const choice = page.getByRole('region', { name: STRUCTURE_CHOICE.title });
    await choice.waitFor();
    // Nothing listing-ready came out: its credit came back, and its Restage is free.
    await choice.getByText(STRUCTURE_CREDIT_BACK.description).waitFor();
    await choice.getByRole('button', { name: STRUCTURE_CREDIT_BACK.restageFree }).waitFor();
    await (await choiceAtPhoneWidth(page, choice)).keep.click();
    await page.getByRole('note', { name: CONCEPT_LABEL }).waitFor();
    expect(await choice.count()).toBe(0);

    await comparison.getByRole('radio', { name: 'Listing-ready' }).click();
    await comparison.getByRole('button', { name: 'Download' }).click();
    const download = await publishAndDownload(page);
    expect(download.suggestedFilename()).toMatch(/-listing\.jpg$/);
    expect(await xmpOf(download)).toContain(CONCEPT_LABEL);
    // Still one staging and its strict retry: keeping it called no provider again (it took its credit back).
    expect(fake.edits()).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  /**
   * A signed-in property page at `width` px whose one room was staged (through the property's API) into
   * another room: flagged, beyond repair.
   */
  async function flaggedPropertyRoom(width: number, name: string) {
    fake.reset();
    fake.editImage = () => elsewhere();
    fake.verdict = 'changed';
    const page = await (await suite.openAt(width)).newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: name });
    const headers = { Origin: app.server.url };
    const api = (path: string) => `${app.server.url}/api${path}`;
    const propertyId = randomUUID();
    const roomId = randomUUID();
    const made = await page.request.post(api('/properties'), {
      headers,
      data: { id: propertyId, name: '7 Elm St' },
    });
    expect(made.status()).toBe(201);
    const added = await page.request.post(api(`/properties/${propertyId}/rooms`), {
      headers,
      multipart: {
        roomId,
        roomType: 'living-room',
        image: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: suite.photo },
      },
    });
    expect(added.status()).toBe(201);
    const run = await page.request.post(api(`/properties/${propertyId}/stage`), {
      headers,
      data: { roomIds: [roomId], stylePreset: 'modern' },
    });
    expect(run.status()).toBe(201);
    await page.goto(`${app.server.url}/properties/${propertyId}`);
    const choice = page.getByRole('region', { name: STRUCTURE_CHOICE.title });
    await choice.waitFor({ timeout: 45_000 });
    return { page, choice, problems };
  }

  // Kept as a concept on the property page: room-structure-choice.test.tsx and bff structure-choice.test.ts.
  it("at 390 px: a property's flagged room names the change; Restage stages the same room again, strictly, and its new result keeps the room", async () => {
    const { page, choice, problems } = await flaggedPropertyRoom(390, 'Flo');
    expect(await choice.textContent()).toContain(FAKE_OPINIONS.changed.note);
    expect(fake.edits()).toHaveLength(2);
    fake.editImage = () => renderRoom(room, 'furnished');
    fake.verdict = 'kept';
    await (await choiceAtPhoneWidth(page, choice)).restage.click();
    await page
      .getByRole('dialog', { name: RESTAGE_CONFIRM.title })
      .getByRole('button', { name: RESTAGE_CONFIRM.confirm })
      .click();
    // Restaged in its place, not as a new project as a workspace photo is.
    await page.getByText(PROPERTY_TEXTS.roomRestaging).waitFor({ timeout: 20_000 });
    await expect.poll(() => choice.count(), { timeout: 20_000 }).toBe(0);
    // One more staging, worded strictly from the start, then the room's result shows again unflagged.
    await expect.poll(() => fake.edits().length, { timeout: 45_000 }).toBe(3);
    expect(fake.edits()[2]?.fields.prompt).toContain(STRICT_SENTENCE);
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.waitFor({ timeout: 45_000 });
    await comparison.getByRole('button', { name: 'Show changes' }).waitFor();
    expect(await page.getByText(STRUCTURE_WARNING).count()).toBe(0);
    expect(await page.getByRole('region', { name: STRUCTURE_CHOICE.title }).count()).toBe(0);
    expect(await comparison.count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
