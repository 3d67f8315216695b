import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** The built PWA that the started server serves. */
const DIST_DIR = fileURLToPath(new URL('../../dist/pwa', import.meta.url));

/** The most gzip JavaScript a visitor's first visit to `/` may load; the budget test fails past it. */
export const LANDING_JS_BUDGET_BYTES = 105 * 1024;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** gzip -9 size of a built file: the .gz the build wrote beside it, or gzipped here (files under 1 KB). */
export function gzipBytes(urlPath: string): number {
  const file = path.join(DIST_DIR, decodeURIComponent(urlPath));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export const totalGzipBytes = (scripts: string[]) => scripts.reduce((sum, s) => sum + gzipBytes(s), 0);

/**
 * The scripts a first visit to `route` downloads before any interaction: the page is loaded in a fresh
 * Chromium context (no cache, service worker blocked so its precaching is not counted) until its h1 shows
 * and the network is idle, and every same-origin script response is recorded.
 */
export async function scriptsLoadedBy(browser: Browser, origin: string, route: string): Promise<string[]> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.origin === origin && res.request().resourceType() === 'script') scripts.add(url.pathname);
    });
    await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    return [...scripts].sort();
  } finally {
    await context.close();
  }
}
