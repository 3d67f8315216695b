import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchPersistentBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!hasChromium)('installable PWA and offline app shell in Chromium', () => {
  let server: RunningServer;
  let context: BrowserContext;
  let profileDir: string;

  beforeAll(async () => {
    server = await startServer();
    profileDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-chrome-'));
    // Installability and service workers need a real (persistent) profile.
    context = await launchPersistentBrowser(profileDir);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    await rm(profileDir, { recursive: true, force: true });
  });

  it('has a valid manifest and service worker: no installability errors', async () => {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const manifest = (await (await page.request.get(`${server.url}/manifest.webmanifest`)).json()) as {
      display: string;
      icons: { purpose?: string }[];
      shortcuts: { name: string }[];
      share_target: unknown;
      screenshots: { src: string; form_factor: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    expect(manifest.shortcuts.map((s) => s.name)).toEqual(['Stage a room', 'Take a photo']);
    expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST' });
    expect(manifest.screenshots.map((s) => s.form_factor)).toEqual(['wide', 'narrow']);
    for (const shot of manifest.screenshots) {
      const res = await page.request.get(`${server.url}${shot.src}`);
      expect([res.status(), res.headers()['content-type']]).toEqual([200, 'image/webp']);
    }
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
            .installabilityErrors,
        { timeout: 15_000 },
      )
      .toEqual([]);
    await page.close();
  });

  it('opens every public route offline after one visit', async () => {
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload(); // now controlled by the service worker
    await context.setOffline(true);
    try {
      const started = Date.now();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /stage any room/i }).waitFor();
      expect(Date.now() - started).toBeLessThan(10_000);
      for (const [route, text] of [
        ['/help', 'Help Center'],
        ['/terms', 'Terms of Service'],
        ['/no/such/page', 'Page Not Found'],
      ] as const) {
        await page.goto(`${server.url}${route}`);
        await page.getByRole('heading', { name: text }).first().waitFor();
      }
    } finally {
      await context.setOffline(false);
      await page.close();
    }
  });
});
