import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchPersistentBrowser, watchProblems } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const BUILT_PWA = path.resolve('dist/pwa');
const SLOW = { timeout: 20_000 };
/** Only the deployed "new version" answers this message, so the test can tell which worker controls the page. */
const VERSION_PROBE = 'stagely-e2e-version';
const NEW_VERSION_CODE = `
self.addEventListener('message', (event) => {
  if (event.data === '${VERSION_PROBE}') event.source.postMessage('v2');
});
`;

/** Asks the controlling service worker for its version: 'v2' from the new deploy, null from the first. */
const controllerVersion = (page: Page) =>
  page.evaluate(
    (probe) =>
      new Promise<string | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        navigator.serviceWorker.addEventListener('message', (e) => resolve(String(e.data)), { once: true });
        controller.postMessage(probe);
        setTimeout(() => resolve(null), 1500);
      }),
    VERSION_PROBE,
  );

describe.skipIf(!hasChromium)('app update: a new deploy is offered, never forced', () => {
  let server: RunningServer;
  let context: BrowserContext;
  let profileDir: string;
  let distDir: string;

  beforeAll(async () => {
    // A copy of the build that the test can "deploy" a new version into.
    distDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-dist-'));
    await cp(BUILT_PWA, distDir, { recursive: true });
    server = await startServer({ PWA_DIST_DIR: distDir });
    profileDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-chrome-'));
    context = await launchPersistentBrowser(profileDir);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    await rm(profileDir, { recursive: true, force: true });
    await rm(distDir, { recursive: true, force: true });
  });

  it("says 'A new version is available', keeps the running version until Reload, then runs the new one", async () => {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.url}/help`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload(); // now controlled by the first version's worker
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    expect(await controllerVersion(page)).toBeNull();
    const update = page.getByRole('status').filter({ hasText: 'A new version is available' });
    expect(await update.count()).toBe(0);

    // A new deploy: the worker script changed (no precompressed copy of sw.js may shadow it).
    await appendFile(path.join(distDir, 'sw.js'), NEW_VERSION_CODE);
    await rm(path.join(distDir, 'sw.js.br'), { force: true });
    await rm(path.join(distDir, 'sw.js.gz'), { force: true });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    await update.waitFor(SLOW);
    // Offered, not forced: the page was not reloaded and the first version still controls it.
    await page.getByRole('heading', { name: 'Help Center' }).waitFor();
    expect(await controllerVersion(page)).toBeNull();

    const reloaded = page.waitForEvent('load', SLOW);
    await update.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Help Center' }).waitFor(SLOW);
    await expect.poll(() => controllerVersion(page), SLOW).toBe('v2');
    expect(await update.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
