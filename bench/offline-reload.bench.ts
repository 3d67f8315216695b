import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromePath } from '../e2e/support/browser';
import { noChromium, startAppServer, track } from './support/resources';
import type { Bench, BenchRow } from './types';

const RUNS = 7;
const TARGET_MS = 1000;
/** The landing page's h1 (LANDING_HEADING in pwa/src/features/landing). */
const HEADING = 'Stage any room in seconds with AI';

declare global {
  interface Window {
    __h1ShownAt?: number;
  }
}

/**
 * In the page, before its scripts: the time (from navigation start) of the first frame showing the h1.
 * A string, not a function: tsx would wrap a function's inner arrows in a helper the page does not have.
 */
const watchHeading = `(() => {
  const heading = ${JSON.stringify(HEADING)};
  const observer = new MutationObserver(() => {
    if (window.__h1ShownAt !== undefined) return;
    if (!document.querySelector('h1')?.textContent?.includes(heading)) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__h1ShownAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Reload of the landing page with no network, served by the service worker (stopped first, as after a while). */
export const offlineReloadBench: Bench = {
  name: 'offline',
  async run() {
    const skipped = noChromium();
    if (skipped) return skipped;
    const server = await startAppServer();
    const profile = await mkdtemp(path.join(os.tmpdir(), 'stagely-bench-chrome-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const close = track(async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    });
    try {
      await context.addInitScript({ content: watchHeading });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload(); // from now on controlled by the service worker
      await page.waitForFunction(() => window.__h1ShownAt !== undefined);
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await context.setOffline(true);
      const reloads = async (stopWorkerFirst: boolean) => {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          if (stopWorkerFirst) await cdp.send('ServiceWorker.stopAllWorkers');
          await page.reload();
          const shownAt = await page.waitForFunction(() => window.__h1ShownAt, null, { timeout: 20_000 });
          times.push((await shownAt.jsonValue()) as number);
        }
        return times;
      };
      const row = (label: string, times: number[], target: boolean): BenchRow => {
        const value = median(times);
        const runs = times.map((t) => t.toFixed(0));
        return {
          figure: `offline reload of / until the h1 shows, ${label} (median of ${RUNS})`,
          value: `${value.toFixed(0)} ms (runs: ${runs.join(', ')})`,
          ...(target ? { target: `<= ${TARGET_MS} ms`, ok: value <= TARGET_MS } : {}),
          data: { medianMs: value, runs: runs.join(',') },
        };
      };
      // Cold is the case that counts: reopening the app after a while, its service worker stopped.
      const cold = await reloads(true);
      const warm = await reloads(false);
      const rows: BenchRow[] = [
        row('service worker stopped first', cold, true),
        row('service worker already running', warm, false),
      ];
      return rows;
    } finally {
      await close();
      await server.stop();
    }
  },
};
