import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { VersionList } from '../shared/src/api';
import { registerInBrowser } from './support/accounts';
import { contextAtWidth, hasChromium, settledBox, watchProblems } from './support/browser';
import { photoFile, setOffline } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

// The run's one server stages every file's photos: this one may wait behind others in its queue.
const SLOW = { timeout: 120_000 };

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
    const box = await settledBox(canvas);
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(box.x + box.width * (0.4 + i * 0.02), box.y + box.height * 0.5);
    await page.mouse.up();
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
});
