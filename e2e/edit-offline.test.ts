import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { VersionList } from '../shared/src/api';
import { PHOTO_NOT_ON_DEVICE } from '../pwa/src/components/comparison/comparison-slider';
import { EDIT_TEXTS } from '../pwa/src/components/result-tools/edits/edit-texts';
import { registerInBrowser } from './support/accounts';
import { contextAtWidth, hasChromium, settledBox, watchProblems } from './support/browser';
import { controlledBy, expectUnreachable, imagesLoaded, photoFile, setOffline } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

// The run's one server stages every file's photos: this one may wait behind others in its queue.
const SLOW = { timeout: 120_000 };

/** Paints one stroke across the middle of the brush's canvas. */
async function paintStroke(page: Page, box: { x: number; y: number; width: number; height: number }) {
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + box.width * (0.4 + i * 0.02), box.y + box.height * 0.5);
  await page.mouse.up();
}

const row = (page: Page, name: RegExp) =>
  page.getByRole('list', { name: 'Versions' }).getByRole('listitem').filter({ hasText: name });

describe.skipIf(!hasChromium)('an edit made offline', () => {
  const app = useServerAndBrowser();

  it('waits on the device, mask and all, and arrives exactly once when back online', async () => {
    const context = await contextAtWidth(app.browser, 1280, 900);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Offline' });
    await page.goto(`${app.server.url}/app`);
    await page.getByLabel('Choose a photo').setInputFiles(await photoFile('lounge.jpg', 2));
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    await row(page, /v1 · Staged result/)
      .getByText('Current')
      .waitFor(SLOW);
    const src = (await row(page, /v1 ·/).locator('img').getAttribute('src')) ?? '';
    const id = decodeURIComponent(/\/api\/projects\/([^/]+)\//.exec(src)?.[1] ?? '');
    const versions = async () =>
      (
        (await (
          await page.request.get(`${app.server.url}/api/projects/${id}/versions`)
        ).json()) as VersionList
      ).versions;

    const panel = page.getByRole('region', { name: 'Versions and edits' });
    await panel.getByRole('button', { name: 'Paint to remove' }).click();
    const canvas = panel.getByLabel('Paint what should go');
    await canvas.waitFor();
    await setOffline(context, page, true);
    await paintStroke(page, await settledBox(canvas));
    await panel.getByRole('button', { name: 'Remove', exact: true }).click();
    await panel.getByText(/saved on this device/).waitFor(SLOW);
    expect(await versions()).toHaveLength(2);
    // The queue's bar counts the edit too, so nobody makes it again.
    await page
      .getByRole('region', { name: 'Upload queue' })
      .getByText('Waiting for connection: 1 edit queued')
      .waitFor(SLOW);

    await setOffline(context, page, false);
    await row(page, /v2 · Removed what was painted/)
      .getByText('Current')
      .waitFor(SLOW);
    await expect.poll(() => panel.getByText(/saved on this device/).count(), SLOW).toBe(0);
    // Exactly once: a reload (the outbox flushes again on start) adds nothing.
    await page.reload();
    await page.waitForTimeout(3000);
    const list = await versions();
    expect(list.map((v) => v.kind)).toEqual(['original', 'staging', 'remove']);
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);

  it('at a viewing (390 px): a project whose current version was made elsewhere takes a brush edit offline, made on that version once online', async () => {
    const context = await contextAtWidth(app.browser, 390);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const { url } = app.server;
    await registerInBrowser(page, app.server, { firstName: 'Viewing' });
    // Elsewhere (the office computer): a staging, then an edit that is now the current version.
    const made = await page.request.post(`${url}/api/projects`, {
      headers: { Origin: url },
      multipart: { image: await photoFile('hall.jpg', 4), stagingMode: 'stage', roomType: 'living-room' },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const versions = async () =>
      (await (await page.request.get(`${url}/api/projects/${id}/versions`)).json()) as VersionList;
    await expect.poll(async () => (await versions()).versions.length, SLOW).toBe(2);
    const refined = await page.request.post(`${url}/api/projects/${id}/edits`, {
      headers: { Origin: url, 'Idempotency-Key': crypto.randomUUID() },
      data: { kind: 'refine', instruction: 'warmer light' },
    });
    expect(refined.status()).toBe(202);
    await expect.poll(async () => (await versions()).versions.find((v) => v.current)?.number, SLOW).toBe(2);

    // On the phone: the app seen once online (Recent Projects kept on the device), then no signal.
    await controlledBy(page, `${url}/app`);
    const view = page
      .getByRole('region', { name: 'Recent Projects' })
      .getByRole('button', { name: /^View Project / });
    await view.waitFor(SLOW);
    // Seen in the list, its thumbnail (the original photo's, not the result's) is kept on the phone.
    await view.scrollIntoViewIfNeeded();
    await expect.poll(() => imagesLoaded(page, '[aria-labelledby="recent-projects-title"]'), SLOW).toBe(1);
    await expect
      .poll(() => page.evaluate((p) => localStorage.getItem('stagely-query-cache')?.includes(p), id), SLOW)
      .toBe(true);
    await setOffline(context, page, true);
    await page.reload();
    await expectUnreachable(page);
    await view.click();

    // Its photos never came here either: the slider says so instead of showing broken images.
    await page
      .getByRole('region', { name: /^Before & After Comparison - / })
      .getByText(PHOTO_NOT_ON_DEVICE)
      .waitFor(SLOW);
    const panel = page.getByRole('region', { name: 'Versions and edits' });
    await panel.getByText(EDIT_TEXTS.versionsNotOnDevice).waitFor(SLOW);
    await panel.getByRole('button', { name: 'Paint to remove' }).click();
    // The version's photo never came to this phone: the editor paints over the original's thumbnail, and says so.
    await panel.getByText(EDIT_TEXTS.notOnDeviceOriginal).waitFor(SLOW);
    await paintStroke(page, await settledBox(panel.getByLabel('Paint what should go')));
    await panel.getByRole('button', { name: 'Remove', exact: true }).click();
    await panel.getByText(/saved on this device/).waitFor(SLOW);
    await page
      .getByRole('region', { name: 'Upload queue' })
      .getByText('Waiting for connection: 1 edit queued')
      .waitFor(SLOW);

    // Back online: the edit is made once, on the version that is current (v2), not on one seen here.
    await setOffline(context, page, false);
    await expect
      .poll(async () => (await versions()).versions.map((v) => v.kind), SLOW)
      .toEqual(['original', 'staging', 'refine', 'remove']);
    expect((await versions()).versions.at(-1)?.madeFrom).toBe(2);
    expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/.test(p))).toEqual(
      [],
    );
    await context.close();
  }, 180_000);
});
