import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Property } from '../../shared/src/api';
import type { RoomType, StylePreset } from '../../shared/src/domain';
import type { RunningServer } from './server';

export interface RoomPhoto {
  name: string;
  mimeType: string;
  buffer: Buffer;
  width: number;
  height: number;
}

/** Wall colours the test's vision model tells apart (see `analyseByWall`), one per kind of room. */
export const WALLS = {
  kitchen: 'rgb(205,80,70)',
  bedroom: 'rgb(80,170,95)',
  bathroom: 'rgb(70,110,210)',
  unsure: 'rgb(150,150,150)',
} as const;

/** A room-like JPEG: a wall of `wall` over the top 60% (the corner the analysis reads), a floor, a window. */
export async function roomPhoto(
  name: string,
  wall: string,
  width: number,
  height: number,
  windowAt = 0.6,
): Promise<RoomPhoto> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${wall}"/>
    <rect y="${height * 0.6}" width="${width}" height="${height * 0.4}" fill="#8b6b4a"/>
    <rect x="${width * windowAt}" y="${height * 0.15}" width="${width * 0.25}" height="${height * 0.28}"
      fill="#cfe8ff" stroke="#ffffff" stroke-width="${Math.round(width / 80)}"/>
  </svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer, width, height };
}

/** The style the loopback vision model sees in each room it recognises: two of three look Scandinavian. */
export const DETECTED_STYLES: Partial<Record<RoomType, StylePreset>> = {
  kitchen: 'scandinavian',
  bedroom: 'scandinavian',
  bathroom: 'industrial',
};

/**
 * The loopback vision model's answer for a photo: the room its wall colour stands for, with high
 * confidence; a grey wall is a guess (low confidence), so nothing is detected.
 */
export async function analyseByWall(photo: Buffer): Promise<unknown> {
  const { width = 1, height = 1 } = await sharp(photo).metadata();
  const corner = { left: 0, top: 0, width: Math.round(width / 6), height: Math.round(height / 6) };
  const { data, info } = await sharp(photo)
    .extract(corner)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i++) sums[i % info.channels]! += data[i]!;
  const [r = 0, g = 0, b = 0] = sums.map((sum) => sum / (info.width * info.height));
  const clear = (a: number, x: number, y: number) => a > x + 50 && a > y + 50;
  const roomType: RoomType | null = clear(r, g, b)
    ? 'kitchen'
    : clear(g, r, b)
      ? 'bedroom'
      : clear(b, r, g)
        ? 'bathroom'
        : null;
  return roomType
    ? { roomType, style: DETECTED_STYLES[roomType], confidence: 'high' }
    : { roomType: 'living-room', style: 'modern', confidence: 'low' };
}

export interface DeviceQueueItem {
  id: string;
  kind: 'property' | 'room' | 'project';
  propertyId: string | null;
  status: string;
  roomType: string | null;
  /** The stored photo's pixel size (rooms only). */
  width: number;
  height: number;
}

/** What this browser's upload queue holds (IndexedDB), oldest first: the property made offline and its photos. */
export function deviceQueue(page: Page): Promise<DeviceQueueItem[]> {
  return page.evaluate(
    () =>
      new Promise<DeviceQueueItem[]>((resolve, reject) => {
        const open = indexedDB.open('stagely');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('uploads').objectStore('uploads').getAll();
          all.onsuccess = () => {
            db.close();
            type Row = {
              id: string;
              status: string;
              createdAt: number;
              file: Blob;
              fields: Record<string, string | undefined>;
              target?: { kind: 'room'; propertyId: string } | { kind: 'property' };
            };
            const rows = (all.result as Row[]).sort((x, y) => x.createdAt - y.createdAt);
            const describe = async (r: Row): Promise<DeviceQueueItem> => {
              const kind = r.target?.kind ?? 'project';
              const size =
                kind === 'room'
                  ? await createImageBitmap(r.file, { imageOrientation: 'none' })
                  : { width: 0, height: 0 };
              return {
                id: r.id,
                kind,
                propertyId: r.target?.kind === 'room' ? r.target.propertyId : null,
                status: r.status,
                roomType: r.fields.roomType ?? null,
                width: size.width,
                height: size.height,
              };
            };
            Promise.all(rows.map(describe)).then(resolve, reject);
          };
        };
      }),
  );
}

/** The property as the server has it, with the page's session (never emulated offline). */
export async function serverProperty(page: Page, server: RunningServer, id: string): Promise<Property> {
  const res = await page.request.get(`${server.url}/api/properties/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Property;
}

/** How far the page is wider than its window (0: no sideways scrolling). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The stage panel's progress right now, without waiting: each bar's name and value, and the 'N of M staged' count. */
export async function stageProgressNow(
  stage: Locator,
): Promise<{ bars: [string, number][]; count: string | null }> {
  const bars = await stage
    .getByRole('progressbar')
    .evaluateAll((els) =>
      els.map((e): [string, number] => [
        e.getAttribute('aria-label') ?? '',
        Number(e.getAttribute('aria-valuenow')),
      ]),
    );
  const [count = null] = await stage.getByText(/^\d+ of \d+ staged$/).allTextContents();
  return { bars, count };
}
