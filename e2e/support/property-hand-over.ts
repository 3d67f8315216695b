import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { decodeQr } from '../../bff/src/testing/image-checks';
import { readZip } from '../../bff/src/testing/zip-reader';
import { PROPERTY_SHARE_TEXTS } from '../../pwa/src/features/property-share/property-share-texts';
import {
  ROOM_TYPE_LABELS,
  VIRTUALLY_STAGED_LABEL,
  propertyDisclosure,
  roomFileName,
  type RoomType,
} from '../../shared/src/domain';
import { poll, SLOW } from './offline-steps';
import type { RoomPhoto } from './property-steps';

/** The rooms of a staged property as the test made them: their final types and their photos, in order. */
export interface StagedRooms {
  /** Room ids in room order: a QR code names its room by id. */
  ids: readonly string[];
  types: readonly RoomType[];
  photos: readonly RoomPhoto[];
}

/**
 * Opens the property's ZIP as an unzip tool would: a listing-ready JPEG per room named in room order, the
 * unedited originals in their own folder, the disclosure with the buyer link; each listing photo's QR code
 * (the 'Virtually staged' label's) leads to its room's original on the buyer page.
 */
export async function expectPropertyZip(zip: Buffer, shareUrl: string, rooms: StagedRooms): Promise<void> {
  const entries = readZip(zip);
  const listingNames = rooms.types.map((t, i) => roomFileName(i + 1, t));
  expect(entries.map((e) => e.name).sort()).toEqual(
    [...listingNames, ...listingNames.map((n) => `originals/${n}`), 'DISCLOSURE.txt'].sort(),
  );
  const topLevel = entries.filter((e) => !e.name.includes('/') && e.name.endsWith('.jpg'));
  expect(topLevel.map((e) => e.name)).toEqual(listingNames);
  const entry = (name: string) => entries.find((e) => e.name === name)!.data;
  expect(entry('DISCLOSURE.txt').toString('utf8')).toBe(propertyDisclosure(shareUrl));
  for (const [i, name] of listingNames.entries()) {
    const photo = rooms.photos[i]!;
    const [listing, original] = [entry(name), entry(`originals/${name}`)];
    const [lm, om] = await Promise.all([sharp(listing).metadata(), sharp(original).metadata()]);
    expect(lm.format).toBe('jpeg');
    // The original is the photo as uploaded; the listing photo keeps its shape (a portrait stays one).
    expect([om.width, om.height]).toEqual([photo.width, photo.height]);
    expect((lm.width ?? 0) > (lm.height ?? 0)).toBe(photo.width > photo.height);
    expect(await decodeQr(listing)).toBe(`${shareUrl}/rooms/${rooms.ids[i]}/original`);
    expect(await decodeQr(original)).toBeNull();
  }
}

/**
 * The buyer page of a property, opened signed out: its name, the 'Virtually staged' notice, noindex, every
 * room's before/after slider in room order with its type and label, and each room's original whole.
 */
export async function expectBuyerPage(
  visitor: Page,
  shareUrl: string,
  name: string,
  rooms: StagedRooms,
): Promise<void> {
  const opened = await visitor.goto(shareUrl);
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  await visitor.getByRole('heading', { level: 1, name }).waitFor(SLOW);
  const notice = visitor.getByRole('note').filter({ hasText: PROPERTY_SHARE_TEXTS.staged });
  await notice.waitFor(SLOW);
  expect(await notice.textContent()).toContain(`${VIRTUALLY_STAGED_LABEL}.`);
  expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  const shown = visitor.getByRole('region', { name: /^Room \d+$/ });
  await expect.poll(() => shown.count(), poll).toBe(rooms.types.length);
  expect(await shown.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(
    rooms.types.map((_, i) => `Room ${i + 1}`),
  );
  for (const [i, type] of rooms.types.entries()) {
    const room = shown.nth(i);
    await room.scrollIntoViewIfNeeded();
    await room.getByRole('slider').waitFor(SLOW);
    await room.getByRole('heading', { name: `Room ${i + 1} · ${ROOM_TYPE_LABELS[type]}` }).waitFor(SLOW);
    await room.getByText(VIRTUALLY_STAGED_LABEL, { exact: true }).waitFor(SLOW);
    const link = room.getByRole('link', { name: `${PROPERTY_SHARE_TEXTS.openOriginal}: Room ${i + 1}` });
    const res = await visitor.request.get(new URL((await link.getAttribute('href')) ?? '', shareUrl).href);
    expect(res.status()).toBe(200);
    const meta = await sharp(await res.body()).metadata();
    expect([meta.width, meta.height]).toEqual([rooms.photos[i]!.width, rooms.photos[i]!.height]);
  }
}
