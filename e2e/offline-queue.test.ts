import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTwelveMegapixelPhoto } from '../bench/intake.bench';
import { CHROMIUM_ARGS, chromePath, hasChromium, watchProblems } from './support/browser';
import {
  controlledBy,
  expectUnreachable,
  imagesLoaded,
  photoFile,
  queuedImage,
  queuedUploads,
  roomJpeg,
  serverProjects,
  setOffline,
} from './support/offline';
import { startServer, type RunningServer } from './support/server';

const PASSWORD = 'bright kitchen 42';
// Generous: the machine running these is shared and slow; nothing here asserts on speed.
const SLOW = { timeout: 60_000 };
const poll = { timeout: 60_000, interval: 250 };

describe.skipIf(!hasChromium)('offline upload queue in Chromium (service worker, IndexedDB)', () => {
  let server: RunningServer;
  let context: BrowserContext;
  let profileDir: string;
  let page: Page;
  let problems: string[];
  const email = `agent-${Date.now()}@example.com`;
  const samEmail = `sam-${Date.now()}@example.com`;
  const beaEmail = `bea-${Date.now()}@example.com`;

  const banner = () => page.getByRole('region', { name: 'Upload queue' });
  const recent = () => page.getByRole('region', { name: 'Recent Projects' });
  const projectNames = async () => (await serverProjects(page, server)).map((p) => p.name).sort();

  /** Starts a batch of photos from the workspace's Batch Processing tab. */
  async function processBatch(names: string[], seed: number): Promise<void> {
    await page.getByRole('tab', { name: 'Batch Processing' }).click();
    const files = await Promise.all(names.map((n, i) => photoFile(`${n}.jpg`, seed + i)));
    await page.getByLabel('Choose room photos').setInputFiles(files);
    await page.getByRole('button', { name: `Process ${names.length} Images` }).click();
  }

  /** One photo from the Single Image tab, with the options as they are. */
  async function generateSingle(name: string, seed: number): Promise<void> {
    await page.getByRole('tab', { name: 'Single Image' }).click();
    await page.getByLabel(/^Choose (a|another) photo$/).setInputFiles(await photoFile(name, seed));
    await page.getByText(name).waitFor(SLOW);
    await page.getByRole('button', { name: 'Generate Staging' }).click();
  }

  async function logOut(): Promise<void> {
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  }

  /** Signs up a fresh account (5 new credits) in the open sign-in dialog. */
  async function signUpInDialog(first: string, address: string): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('First name').fill(first);
    await dialog.getByLabel('Last name').fill('Second');
    await dialog.getByLabel('Email', { exact: true }).fill(address);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('button', { name: new RegExp(`^Account menu for ${first}`) }).waitFor(SLOW);
    await recent().getByText('No projects yet. Your staged rooms will appear here.').waitFor(SLOW);
  }

  async function signInInDialog(address: string): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email', { exact: true }).fill(address);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** Logs out from the user menu and signs up a fresh account in the dialog. */
  async function switchUser(first: string): Promise<void> {
    await logOut();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signUpInDialog(first, samEmail);
  }

  /**
   * Queues one photo offline; the session ends on the server meanwhile (APIRequestContext is not emulated
   * offline); back online, the queue asks to sign in again.
   */
  async function queueThenLoseSession(name: string, seed: number): Promise<void> {
    await setOffline(context, page, true);
    await generateSingle(name, seed);
    await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
    const out = await page.request.post(`${server.url}/api/auth/logout`, { headers: { Origin: server.url } });
    expect(out.ok()).toBe(true);
    await setOffline(context, page, false);
    await banner().getByText('Sign in again to upload 1 photo.').waitFor(SLOW);
  }

  /** Waits until the server has finished every project (the preview engine runs in the BFF). */
  async function allCompleted(count: number): Promise<void> {
    await expect
      .poll(async () => (await serverProjects(page, server)).filter((p) => p.status === 'completed').length, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(count);
  }

  beforeAll(async () => {
    server = await startServer();
    profileDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-offline-'));
    // Service workers need a real (persistent) profile.
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
    });
    // Counts the app's calls to navigator.storage.persist() (headless Chromium declines them, so
    // persisted() alone cannot show that the app asked).
    await context.addInitScript(() => {
      const w = window as unknown as { persistAsked: number };
      w.persistAsked = 0;
      const proto = StorageManager.prototype;
      const persist = Object.getOwnPropertyDescriptor(proto, 'persist')?.value as (
        this: StorageManager,
      ) => Promise<boolean>;
      proto.persist = function (this: StorageManager) {
        w.persistAsked += 1;
        return persist.call(this);
      };
    });
    page = context.pages()[0] ?? (await context.newPage());
    problems = watchProblems(page);
    const res = await page.request.post(`${server.url}/api/auth/register`, {
      headers: { Origin: server.url },
      data: { email, password: PASSWORD, firstName: 'Olive', lastName: 'Offline' },
    });
    expect(res.status()).toBe(201);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    await rm(profileDir, { recursive: true, force: true });
  });

  it('opens offline after one visit: the app, the project list, and a viewed project with its images', async () => {
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
    expect(await page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked)).toBe(1);

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

  it('keeps a photo when the session ends while it waits (401), asks to sign in again, then uploads it', async () => {
    await switchUser('Sam');
    await queueThenLoseSession('study.jpg', 7);
    expect(await queuedUploads(page)).toMatchObject([{ status: 'queued' }]);
    await banner().getByRole('button', { name: 'Sign In' }).click();
    await signInInDialog(samEmail);
    await expect.poll(() => queuedUploads(page), poll).toEqual([]);
    await banner().waitFor({ state: 'detached', ...SLOW });
    expect(await serverProjects(page, server)).toHaveLength(1);
  }, 240_000);

  it('uploads by itself after the server was down for a while (backoff timer, no online event)', async () => {
    const before = (await serverProjects(page, server)).length;
    await server.kill();
    await generateSingle('cellar.jpg', 8);
    await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
    // Down for a while: the timer has tried again at least once and the photo is still kept.
    await expect
      .poll(async () => (await queuedUploads(page))[0]?.attempts ?? 0, poll)
      .toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);

    server = await startServer({ PORT: String(server.port) }, server.dataDir);
    await expect.poll(() => queuedUploads(page), { timeout: 120_000, interval: 500 }).toEqual([]);
    await banner().waitFor({ state: 'detached', ...SLOW });
    expect(await serverProjects(page, server)).toHaveLength(before + 1);
  }, 300_000);

  it('keeps a 12 MP phone photo taken offline resized in the browser: upright, at most 3072 px and 600 KB', async () => {
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

  it('keeps a photo for the account it was taken for: another account signed in on the device gets none', async () => {
    const samBefore = (await serverProjects(page, server)).length;
    await queueThenLoseSession('nursery.jpg', 10);
    // Bea signs in on the same phone.
    await banner().getByRole('button', { name: 'Sign In' }).click();
    await signUpInDialog('Bea', beaEmail);

    const waitsForSam = `1 photo waits for another account (${samEmail}): sign in as that account to upload it.`;
    await banner().getByText(waitsForSam).waitFor(SLOW);
    await page.reload(); // the queue runs again for Bea on start, and still leaves Sam's photo alone
    await banner().getByText(waitsForSam).waitFor(SLOW);
    expect(await queuedUploads(page)).toMatchObject([{ status: 'queued' }]);
    expect(await serverProjects(page, server)).toEqual([]);

    // Sam signs in again: his photo uploads by itself, into his account.
    await logOut();
    await banner().getByText('Sign in again to upload 1 photo.').waitFor(SLOW);
    await banner().getByRole('button', { name: 'Sign In' }).click();
    await signInInDialog(samEmail);
    await expect.poll(() => queuedUploads(page), poll).toEqual([]);
    await banner().waitFor({ state: 'detached', ...SLOW });
    expect(await serverProjects(page, server)).toHaveLength(samBefore + 1);
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  }, 300_000);
});
