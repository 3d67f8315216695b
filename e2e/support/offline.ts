import sharp from 'sharp';
import type { APIRequestContext, BrowserContext, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

/** A room-like JPEG (wall, floor, window) of the given size; `seed` varies the wall colour. */
export async function roomJpeg(seed: number, width = 1600, height = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height * 0.65}" fill="rgb(${200 - seed * 15},${180 + seed * 5},170)"/>
    <rect y="${height * 0.65}" width="${width}" height="${height * 0.35}" fill="#8b6b4a"/>
    <rect x="${width * 0.6}" y="${height * 0.15}" width="${width * 0.22}" height="${height * 0.28}" fill="#cfe8ff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export const photoFile = async (name: string, seed: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await roomJpeg(seed),
});

export interface ProjectSummary {
  id: string;
  name: string;
  status: string;
  roomType: string;
  stylePreset: string | null;
  stagingMode: string;
  thumbnailUrl: string;
}

/**
 * The signed-in user's projects as the server has them: the browser context's cookie, sent from the test
 * (never emulated offline), so a page or the context itself (with no page open) will do.
 */
export async function serverProjects(
  from: { request: APIRequestContext },
  server: RunningServer,
): Promise<ProjectSummary[]> {
  const res = await from.request.get(`${server.url}/api/projects`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ProjectSummary[];
}

/** Every image inside `selector` has finished loading with real pixels. */
export async function imagesLoaded(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)];
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0) ? imgs.length : 0;
  }, selector);
}

/** The page is controlled by the service worker (first visit installs it, a reload hands it the page). */
export async function controlledBy(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Really offline: the page cannot reach the server (so anything shown came from the device). */
export async function expectUnreachable(page: Page): Promise<void> {
  const reached = await page.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  );
  expect(reached).toBe(false);
}

export async function setOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

interface QueuedPhoto {
  name: string;
  status: string;
  attempts: number;
  /** With `withImage`: the stored photo's bytes, type and pixel size (no EXIF applied). */
  image?: { bytes: number; type: string; width: number; height: number };
}

/** What the upload queue holds in this browser's IndexedDB, oldest first (read in a page or the service worker). */
function readQueue(target: Pick<Worker, 'evaluate'>, withImage: boolean): Promise<QueuedPhoto[]> {
  return target.evaluate(
    (decode) =>
      new Promise<QueuedPhoto[]>((resolve, reject) => {
        const open = indexedDB.open('stagely');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('uploads').objectStore('uploads').getAll();
          all.onsuccess = () => {
            db.close();
            type Row = {
              fields: { name?: string };
              status: string;
              attempts: number;
              createdAt: number;
              file: Blob;
            };
            const rows = (all.result as Row[]).sort((x, y) => x.createdAt - y.createdAt);
            const describe = async (r: Row): Promise<QueuedPhoto> => {
              const photo = { name: r.fields.name ?? '', status: r.status, attempts: r.attempts };
              if (!decode) return photo;
              const b = await createImageBitmap(r.file, { imageOrientation: 'none' });
              const image = { bytes: r.file.size, type: r.file.type, width: b.width, height: b.height };
              return { ...photo, image };
            };
            Promise.all(rows.map(describe)).then(resolve, reject);
          };
        };
      }),
    withImage,
  );
}

/** [name, status, attempts] of each queued photo. */
export const queuedUploads = (target: Pick<Worker, 'evaluate'>) => readQueue(target, false);

/** The oldest queued photo as stored. */
export async function queuedImage(page: Page): Promise<NonNullable<QueuedPhoto['image']>> {
  const [first] = await readQueue(page, true);
  if (!first?.image) throw new Error('No photo is queued');
  return first.image;
}
