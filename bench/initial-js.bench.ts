import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { DIST_DIR } from './support/build';
import { noChromium, openBrowser, startAppServer } from './support/resources';
import type { Bench, BenchRow } from './types';

const LANDING_BUDGET = 120 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** gzip -9 size of a built file: the .gz the build wrote beside it, or gzipped here (files under 1 KB). */
export function gzipBytes(urlPath: string): number {
  const file = path.join(DIST_DIR, decodeURIComponent(urlPath));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * The scripts a first visit to `route` downloads before any interaction: the page is loaded in a fresh
 * Chromium context (no cache, service worker blocked so its precaching is not counted) until its h1 shows
 * and the network is idle, and every same-origin script response is recorded.
 */
async function scriptsLoadedBy(browser: Browser, origin: string, route: string): Promise<string[]> {
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

const total = (scripts: string[]) => scripts.reduce((sum, s) => sum + gzipBytes(s), 0);

/** Initial JavaScript of the landing page (`/`, a visitor) and of the workspace (`/app`), gzip bytes. */
export const initialJsBench: Bench = {
  name: 'js',
  async run() {
    const skipped = noChromium();
    if (skipped) return skipped;
    const server = await startAppServer();
    try {
      const { browser, close } = await openBrowser();
      const landing = await scriptsLoadedBy(browser, server.url, '/');
      const app = await scriptsLoadedBy(browser, server.url, '/app');
      await close();
      const extra = app.filter((s) => !landing.includes(s));
      const landingBytes = total(landing);
      const rows: BenchRow[] = [
        {
          figure: `landing / initial JS, gzip (${landing.length} files)`,
          value: kb(landingBytes),
          target: `<= ${kb(LANDING_BUDGET)}`,
          ok: landingBytes <= LANDING_BUDGET,
          data: { bytes: landingBytes, files: landing.join(' ') },
        },
        {
          figure: `workspace /app initial JS, gzip (${app.length} files)`,
          value: kb(total(app)),
          data: { bytes: total(app), files: app.join(' ') },
        },
        {
          figure: `  of which not loaded by the landing (${extra.length} files)`,
          value: kb(total(extra)),
          data: { bytes: total(extra), files: extra.join(' ') },
        },
      ];
      return rows;
    } finally {
      await server.stop();
    }
  },
};
