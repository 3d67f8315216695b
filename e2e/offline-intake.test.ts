import { beforeAll, describe, expect, it } from 'vitest';
import { makeTwelveMegapixelPhoto } from '../bench/intake.bench';
import { hasChromium } from './support/browser';
import { photoFile, queuedImage, queuedUploads, serverProjects, setOffline } from './support/offline';
import { offlineSteps, poll, SLOW } from './support/offline-steps';
import { useOfflineApp } from './support/use-offline-app';

describe.skipIf(!hasChromium)('photos queued offline in Chromium: outage, 12 MP, share target', () => {
  const app = useOfflineApp({ firstName: 'Sam', lastName: 'Second' });
  const { banner, openWorkspace, generateSingle } = offlineSteps(app);

  // Sam starts signed in on /app; the service worker controls it (the share target needs it offline).
  beforeAll(openWorkspace);

  it('uploads by itself after the server was down for a while (backoff timer, no online event)', async () => {
    const { page } = app;
    let { server } = app;
    const before = (await serverProjects(page, server)).length;
    await server.kill();
    await generateSingle('cellar.jpg', 8);
    await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
    // Down for a while: the timer has tried again at least once and the photo is still kept.
    await expect
      .poll(async () => (await queuedUploads(page))[0]?.attempts ?? 0, poll)
      .toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    server = await app.restartServer();
    await expect.poll(() => queuedUploads(page), { timeout: 120_000, interval: 500 }).toEqual([]);
    await banner().waitFor({ state: 'detached', ...SLOW });
    expect(await serverProjects(page, server)).toHaveLength(before + 1);
  }, 300_000);

  it('keeps a 12 MP phone photo taken offline resized in the browser: upright, at most 3072 px and 600 KB', async () => {
    const { context, page, server } = app;
    const before = (await serverProjects(page, server)).length;
    const phone = await makeTwelveMegapixelPhoto(); // 4032x3024 stored, EXIF orientation 6 (portrait)
    await setOffline(context, page, true);
    await page.getByRole('tab', { name: 'Single Image' }).click();
    await page
      .getByLabel(/^Choose (a|another) photo$/)
      .setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: phone });
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
    const stored = await queuedImage(page);
    expect(stored.type).toBe('image/jpeg');
    expect(stored.bytes).toBeLessThanOrEqual(600 * 1024);
    expect(stored.bytes).toBeLessThan(phone.length / 4);
    expect(stored.height).toBeGreaterThan(stored.width); // the EXIF rotation is in the pixels now
    expect(stored.height).toBeLessThanOrEqual(3072);
    expect(stored.height).toBeGreaterThanOrEqual(2048);

    await setOffline(context, page, false);
    await expect.poll(() => queuedUploads(page), poll).toEqual([]);
    expect(await serverProjects(page, server)).toHaveLength(before + 1);
  }, 240_000);

  it('queues photos shared into the installed app (share_target) with the default options, even offline', async () => {
    const { context, page, problems, server } = app;
    await page.getByRole('button', { name: 'Workspace settings' }).click();
    const settings = page.getByRole('dialog');
    await settings.getByLabel('Default room type').selectOption('kitchen');
    await settings.getByLabel('Default style').selectOption('industrial');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.waitFor({ state: 'detached', ...SLOW });

    await setOffline(context, page, true);
    // What the share sheet does: a multipart POST navigation to the manifest's share_target action.
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      form.innerHTML = '<input type="file" name="photos" multiple id="shared-photos">';
      document.body.append(form);
    });
    await page
      .locator('#shared-photos')
      .setInputFiles([
        await photoFile('shared-kitchen.jpg', 9),
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
      ]);
    await page.evaluate(() =>
      document.querySelector<HTMLFormElement>('form[action="/share-target"]')!.submit(),
    );
    await page
      .getByText('1 photo added to the upload queue with your default options.', { exact: false })
      .waitFor(SLOW);
    await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
    expect(new URL(page.url()).pathname).toBe('/app');
    expect(await queuedUploads(page)).toMatchObject([{ name: 'shared-kitchen - Kitchen' }]);

    await setOffline(context, page, false);
    await expect.poll(() => queuedUploads(page), poll).toEqual([]);
    const shared = (await serverProjects(page, server)).find((p) => p.name === 'shared-kitchen - Kitchen');
    expect(shared).toMatchObject({ roomType: 'kitchen', stylePreset: 'industrial', stagingMode: 'stage' });
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  }, 240_000);
});
