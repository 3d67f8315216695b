import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../bff/src/testing/mime';
import { SmtpSink } from '../bff/src/testing/smtp-sink';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('password reset in Chromium, mail through a loopback SMTP server', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const app = useServerAndBrowser(() => ({ SMTP_URL: sink.url }));

  it('asks from the sign-in dialog, opens the mailed link, sets a new password and is signed in; the old session is gone', async () => {
    // The account, signed in on another device.
    const other = await app.browser.newContext();
    const { email } = await registerInBrowser(await other.newPage(), app.server);
    const me = () => other.request.get(`${app.server.url}/api/auth/user`);
    expect((await me()).status()).toBe(200);

    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(app.server.url);
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog
      .getByRole('status')
      .getByText(/we have sent it a link to choose a new password/)
      .waitFor();

    const mail = await sink.waitFor((m) => m.rcptTo.includes(email), 30_000);
    const link = linkIn(mail, '/reset-password?token=');
    expect(new URL(link).origin).toBe(app.server.url);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('fresh start 2027');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await page.waitForURL(`${app.server.url}/`);
    await page.getByRole('button', { name: /Account menu for/ }).waitFor();

    expect((await me()).status()).toBe(401);

    // The link worked once: opened again, it says so at once (no form to fill) and offers a new one.
    await page.goto(link);
    await page
      .getByRole('alert')
      .getByText(/has expired or was already used/)
      .waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    await page.getByRole('dialog').getByRole('form', { name: 'Reset your password' }).waitFor();

    expect(problems).toEqual([]);
    await context.close();
    await other.close();
  });
});
