import { describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import {
  controlledBy,
  expectUnreachable,
  imagesLoaded,
  queuedUploads,
  roomJpeg,
  serverProjects,
  setOffline,
} from './support/offline';
import { offlineSteps, poll, SLOW } from './support/offline-steps';
import { persistRequests, useOfflineApp } from './support/use-offline-app';

describe.skipIf(!hasChromium)('offline upload queue in Chromium (service worker, IndexedDB)', () => {
  const app = useOfflineApp({ firstName: 'Olive', lastName: 'Offline' });
  const { banner, recent, projectNames, processBatch, allCompleted } = offlineSteps(app);

  it('opens offline after one visit: the app, the project list, and a viewed project with its images', async () => {
    const { context, page, server } = app;
    const created = await page.request.post(`${server.url}/api/projects`, {
      headers: { Origin: server.url },
      multipart: {
        image: { name: 'lounge.jpg', mimeType: 'image/jpeg', buffer: await roomJpeg(0) },
        name: 'Lounge before the viewing',
        stagingMode: 'stage',
        roomType: 'living-room',
        stylePreset: 'modern',
        colorPalette: 'neutral-warm',
      },
    });
    expect(created.status()).toBe(201);
    await allCompleted(1);

    await controlledBy(page, `${server.url}/app`);
    await recent().getByText('Lounge before the viewing').waitFor(SLOW);
    await recent()
      .getByRole('button', { name: /^View Project / })
      .click();
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.waitFor(SLOW);
    await expect
      .poll(() => imagesLoaded(page, '[aria-label^="Before & After Comparison"]'), poll)
      .toBeGreaterThan(1);
    await expect.poll(() => imagesLoaded(page, '[aria-labelledby="recent-projects-title"]'), poll).toBe(1);

    await setOffline(context, page, true);
    try {
      await page.reload();
      await expectUnreachable(page);
      // The shell comes from the precache, the list from the persisted query cache, the images from the SW cache.
      await page.getByRole('tab', { name: 'Single Image' }).waitFor(SLOW);
      await recent().getByText('Lounge before the viewing').waitFor(SLOW);
      await expect.poll(() => imagesLoaded(page, '[aria-labelledby="recent-projects-title"]'), poll).toBe(1);
      await recent()
        .getByRole('button', { name: /^View Project / })
        .click();
      await comparison.waitFor(SLOW);
      await expect
        .poll(() => imagesLoaded(page, '[aria-label^="Before & After Comparison"]'), poll)
        .toBeGreaterThan(1);
      const thumb = (await serverProjects(page, server))[0]!.thumbnailUrl;
      expect(await page.evaluate((url) => caches.match(url).then(Boolean), thumb)).toBe(true);
    } finally {
      await setOffline(context, page, false);
    }
  }, 180_000);

  it('queues 3 photos offline, keeps them over an offline reload, and creates exactly 3 once online', async () => {
    const { context, page, server } = app;
    await setOffline(context, page, true);
    await page.reload();
    await recent().waitFor(SLOW);
    await processBatch(['hall', 'attic', 'porch'], 1);
    const items = page.getByRole('list', { name: 'Batch items' });
    await expect.poll(() => items.getByText('Waiting for connection').count(), poll).toBe(3);
    expect(await items.getByText('Failed', { exact: true }).count()).toBe(0);
    await banner().getByText('Waiting for connection: 3 photos queued').waitFor(SLOW);
    expect(await queuedUploads(page)).toHaveLength(3);
    // The first queued photo asked the browser to keep the queue under storage pressure, once.
    expect(await persistRequests(page)).toBe(1);

    await page.reload();
    await banner().getByText('Waiting for connection: 3 photos queued').waitFor(SLOW);
    expect((await queuedUploads(page)).map((u) => u.name).sort()).toEqual([
      'attic - Living Room',
      'hall - Living Room',
      'porch - Living Room',
    ]);
    expect(await serverProjects(page, server)).toHaveLength(1);

    await setOffline(context, page, false);
    await expect.poll(() => queuedUploads(page), poll).toEqual([]);
    await banner().waitFor({ state: 'detached', ...SLOW });
    await allCompleted(4);
    // The queue is empty, so nothing is left that could send again: exactly one project per photo.
    expect(await projectNames()).toEqual([
      'Lounge before the viewing',
      'attic - Living Room',
      'hall - Living Room',
      'porch - Living Room',
    ]);
    await recent().getByText('porch - Living Room').waitFor(SLOW);
  }, 240_000);

  it('shows a batch photo kept offline as waiting, then completes it by itself when the connection is back', async () => {
    const { context, page, server } = app;
    await page.reload();
    await recent().waitFor(SLOW);
    await setOffline(context, page, true);
    await processBatch(['den'], 4);
    const items = page.getByRole('list', { name: 'Batch items' });
    await items.getByText('Waiting for connection').waitFor(SLOW);
    expect(await items.getByText('Failed', { exact: true }).count()).toBe(0);
    await setOffline(context, page, false);
    await page.getByText('Completed: 1').waitFor({ timeout: 120_000 });
    expect(await items.getByText('Failed', { exact: true }).count()).toBe(0);
    await items.getByRole('button', { name: 'View den' }).waitFor(SLOW);
    expect(await projectNames()).toContain('den - Living Room');
    expect(await serverProjects(page, server)).toHaveLength(5);
  }, 240_000);

  it("logging out leaves none of the user's data on the device: no cached images, no persisted list", async () => {
    const { context, page, server } = app;
    const thumb = (await serverProjects(page, server))[0]!.thumbnailUrl;
    await page.reload();
    await recent().getByText('Lounge before the viewing').waitFor(SLOW);
    await expect.poll(() => page.evaluate((url) => caches.match(url).then(Boolean), thumb), poll).toBe(true);
    const persisted = () => page.evaluate(() => localStorage.getItem('stagely-query-cache') ?? '');
    expect(await persisted()).toContain('Lounge before the viewing');

    await page.getByRole('button', { name: /Account menu for Olive Offline/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByText("You've been logged out successfully.").waitFor(SLOW);
    await expect.poll(() => page.evaluate((url) => caches.match(url).then(Boolean), thumb), poll).toBe(false);
    expect(await persisted()).not.toContain('Lounge before the viewing');

    // Offline, the next visitor of this device sees the signed-out app, nothing of Olive's.
    await setOffline(context, page, true);
    try {
      await page.goto(`${server.url}/app`);
      await page.getByRole('button', { name: 'Sign In' }).first().waitFor(SLOW);
      expect(await page.getByText('Lounge before the viewing').count()).toBe(0);
      expect(await page.evaluate((url) => caches.match(url).then(Boolean), thumb)).toBe(false);
    } finally {
      await setOffline(context, page, false);
    }
  }, 120_000);
});
