import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('Settings → API: a key is created, copied once and revoked', () => {
  const app = useServerAndBrowser();

  it('creates a key at 390 px (shown once, copied), then revokes it at 1280 px', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server);
    const withKey = (key: string) =>
      fetch(`${app.server.url}/api/projects`, { headers: { Authorization: `Bearer ${key}` } });

    await page.goto(`${app.server.url}/settings`);
    await page.getByLabel('Key name').fill('Back office');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^stg_/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('button', { name: 'Key copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect((await withKey(key)).status).toBe(200);

    // Shown once: after Done, and after a reload, the key is nowhere on the page.
    await page.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    const list = page.getByRole('list', { name: 'API keys' });
    await list.getByText('Back office').waitFor();
    expect(await page.content()).not.toContain(key);

    await page.setViewportSize({ width: 1280, height: 900 });
    await list.getByRole('button', { name: 'Revoke Back office' }).click();
    await list.getByText('Revoked').waitFor();
    expect((await withKey(key)).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });
});
