import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAccountInDialog, E2E_PASSWORD } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('accounts in Chromium', () => {
  const app = useServerAndBrowser();

  it('registers, stays signed in across a reload, logs out and in, edits settings and deletes the account', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const failedCalls: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failedCalls.push(`${res.status()} ${new URL(res.url()).pathname}`);
    });
    const email = `e2e-${Date.now()}@example.com`;
    const password = E2E_PASSWORD;

    await page.goto(app.server.url);
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sign in to a virtual staging product').waitFor();
    await dialog.getByText('Unlimited AI room staging').waitFor();
    await createAccountInDialog(
      dialog,
      { firstName: 'Erin', lastName: 'Tester', email, password },
      app.server,
    );
    const menuButton = page.getByRole('button', { name: /Account menu for Erin Tester/ });
    await menuButton.waitFor();

    await page.reload();
    await menuButton.waitFor();

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByText("You've been logged out successfully.").waitFor();
    await page.getByRole('heading', { level: 1, name: /stage any room/i }).waitFor();

    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong password 1');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.getByRole('alert').getByText('Invalid email or password.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await menuButton.waitFor();

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    const marketing = page.getByRole('switch', { name: 'Email me news and offers' });
    expect(await marketing.getAttribute('aria-checked')).toBe('false');
    await marketing.click();
    await page.getByText('Email preferences updated').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Email me news and offers' }).getAttribute('aria-checked'))
      .toBe('true');

    const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#4f46e5' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Choose a profile picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByText('Profile image updated').waitFor();
    await expect
      .poll(() => page.getByAltText('Your profile picture').getAttribute('src'))
      .toMatch(/^\/api\/user\/profile-image\//);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Delete account' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Confirmation' }).fill('DELETE MY ACCOUNT');
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await page.getByText('Your account and all associated data have been permanently deleted.').waitFor();
    await page.getByRole('heading', { level: 1, name: /stage any room/i }).waitFor();
    expect((await page.request.get(`${app.server.url}/api/auth/user`)).status()).toBe(401);
    const relogin = await page.request.post(`${app.server.url}/api/auth/login`, {
      data: { email, password },
      headers: { Origin: app.server.url },
    });
    expect(relogin.status()).toBe(401);

    // The only failures allowed are the wrong password's 401; a visitor page load must not ask for the user.
    expect(failedCalls).toEqual(['401 /api/auth/login']);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    await context.close();
  });
});
