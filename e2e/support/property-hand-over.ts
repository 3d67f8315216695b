import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { decodeQr } from '../../bff/src/testing/image-checks';
import { readZip } from '../../bff/src/testing/zip-reader';
import { PROPERTY_SHARE_TEXTS } from '../../pwa/src/features/property-share/property-share-texts';
import {
  CAPTIONS_FILE,
  CLEAN_FOLDER,
  DISCLOSURE_FILE,
  ROOM_TYPE_LABELS,
  VIRTUALLY_STAGED_LABEL,
  roomFileName,
  type RoomType,
} from '../../shared/src/domain';
import { poll, SLOW } from './offline-steps';
import type { RoomPhoto } from './property-steps';

/** The rooms of a staged property as the test made them: their final types and their photos, in order. */
export interface StagedRooms {
  /** Room ids in room order. */
  ids: readonly string[];
  types: readonly RoomType[];
  photos: readonly RoomPhoto[];
}

/**
 * Opens the property's ZIP as an unzip tool would, for the default rules (no MLS chosen): per room in
 * order the labelled photo, then its unedited original, the clean set under `clean/`, `captions.csv`
 * and `disclosure.txt` with the buyer link; each labelled photo's QR code is the short address of its
 * room's original, and that address serves it.
 */
export async function expectPropertyZip(zip: Buffer, shareUrl: string, rooms: StagedRooms): Promise<void> {
  const entries = readZip(zip);
  const altered = rooms.types.map((t, i) => roomFileName(i + 1, t, '-1-altered'));
  const originals = rooms.types.map((t, i) => roomFileName(i + 1, t, '-2-original'));
  expect(entries.map((e) => e.name)).toEqual([
    DISCLOSURE_FILE,
    CAPTIONS_FILE,
    ...altered.flatMap((name, i) => [name, originals[i]!]),
    ...altered.map((name) => `${CLEAN_FOLDER}/${name}`),
  ]);
  const entry = (name: string) => entries.find((e) => e.name === name)!.data;
  expect(entry(DISCLOSURE_FILE).toString('utf8')).toContain(`Unaltered originals for buyers: ${shareUrl}`);
  expect(entry(CAPTIONS_FILE).toString('utf8')).toContain(`${altered[0]},${VIRTUALLY_STAGED_LABEL}`);
  const origin = new URL(shareUrl).origin;
  for (const [i, name] of altered.entries()) {
    const photo = rooms.photos[i]!;
    const [listing, original] = [entry(name), entry(originals[i]!)];
    const [lm, om] = await Promise.all([sharp(listing).metadata(), sharp(original).metadata()]);
    expect(lm.format).toBe('jpeg');
    // The original is the photo as uploaded; the listing photo keeps its shape (a portrait stays one).
    expect([om.width, om.height]).toEqual([photo.width, photo.height]);
    expect((lm.width ?? 0) > (lm.height ?? 0)).toBe(photo.width > photo.height);
    const qr = await decodeQr(listing);
    expect(qr).toMatch(new RegExp(`^${origin}/o/[a-z2-9]{10}$`));
    const code = new URL(qr!).pathname.split('/')[2]!;
    const served = await fetch(`${origin}/api/originals/${code}/image`);
    expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
    expect(await decodeQr(original)).toBeNull();
    expect(await decodeQr(entry(`${CLEAN_FOLDER}/${name}`))).toBeNull();
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
