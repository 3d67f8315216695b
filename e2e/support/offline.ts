import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
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

/** The signed-in user's projects as the server has them (the browser context's cookie, not the page). */
export async function serverProjects(page: Page, server: RunningServer): Promise<ProjectSummary[]> {
  const res = await page.request.get(`${server.url}/api/projects`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ProjectSummary[];
}

/** What the upload queue holds in this browser's IndexedDB: [name, status, attempts] per photo. */
export function queuedUploads(page: Page): Promise<{ name: string; status: string; attempts: number }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('stagely');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('uploads').objectStore('uploads').getAll();
          all.onsuccess = () => {
            db.close();
            const records = all.result as { fields: { name?: string }; status: string; attempts: number }[];
            resolve(
              records.map((r) => ({ name: r.fields.name ?? '', status: r.status, attempts: r.attempts })),
            );
          };
        };
      }),
  );
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

/** The photo the queue holds (the oldest): its bytes and its pixel size as stored (no EXIF applied). */
export function queuedImage(
  page: Page,
): Promise<{ bytes: number; type: string; width: number; height: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('stagely');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('uploads').objectStore('uploads').getAll();
          all.onsuccess = () => {
            db.close();
            const file = (all.result as { file: Blob }[])[0]!.file;
            createImageBitmap(file, { imageOrientation: 'none' }).then(
              (b) => resolve({ bytes: file.size, type: file.type, width: b.width, height: b.height }),
              reject,
            );
          };
        };
      }),
  );
}
