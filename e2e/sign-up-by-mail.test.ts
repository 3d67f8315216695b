import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../bff/src/testing/mime';
import { SmtpSink } from '../bff/src/testing/smtp-sink';
import { SIGN_UP_LINK_REPLACED, SIGN_UP_LINK_USED } from '../shared/src/api/auth';
import {
  CHECK_EMAIL_TITLE,
  CONFIRM_ACCOUNT_BUTTON,
  confirmAccountFor,
  LINK_SENT_AGAIN,
  SEND_LINK_AGAIN,
} from '../pwa/src/features/auth/components/sign-in-texts';
import { E2E_PASSWORD } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('sign-up by mail in Chromium, mail through a loopback SMTP server', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const app = useServerAndBrowser(() => ({ SMTP_URL: sink.url }));
  const email = `mila-${Date.now()}@example.com`;

  /** Opens the dialog's sign-up form on a fresh page and sends it; the dialog then says to check the mail. */
  async function signUpInDialog(width: number, address: string) {
    const context = await app.browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(app.server.url);
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('First name').fill('Mila');
    await dialog.getByLabel('Last name').fill('Novak');
    await dialog.getByLabel('Email', { exact: true }).fill(address);
    await dialog.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByRole('heading', { name: CHECK_EMAIL_TITLE }).waitFor();
    const status = await dialog.getByRole('status').textContent();
    return { context, page, problems, status: status?.replace(address, '<address>') };
  }

  it('signs up at 390 px; only the newest link works, it names the account and confirms on its button; a used link offers Sign in', async () => {
    const { context, page, problems, status } = await signUpInDialog(390, email);
    expect(status).toMatch(/^Check your email to finish creating your account\. We sent a link to <address>/);
    expect(await page.getByRole('button', { name: /Account menu for/ }).count()).toBe(0);
    const first = linkIn(
      await sink.waitFor((m) => m.rcptTo.includes(email), 30_000),
      '/confirm-account?token=',
    );
    await page.getByRole('dialog').getByRole('button', { name: SEND_LINK_AGAIN }).click();
    await page.getByRole('dialog').getByText(LINK_SENT_AGAIN).waitFor();
    const mails = () =>
      sink.to(email).filter((m) => /^Finish creating your Stagely account$/.test(m.subject));
    await sink.waitFor(() => mails().length === 2, 30_000);
    const link = linkIn(mails()[1]!, '/confirm-account?token=');
    expect(new URL(link).origin).toBe(app.server.url);

    // 'The older ones no longer matter' is true: the first link says a newer one was sent.
    await page.goto(first);
    await page.getByRole('alert').getByText(SIGN_UP_LINK_REPLACED).waitFor();

    // The link alone confirms nothing: the page names the account and waits for a password and the button.
    await page.goto(link);
    await page.getByText(confirmAccountFor(email)).waitFor();
    expect(await page.getByRole('button', { name: /Account menu for/ }).count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: CONFIRM_ACCOUNT_BUTTON }).click();
    await page.waitForURL(`${app.server.url}/`);
    await page.getByRole('button', { name: /Account menu for Mila Novak/ }).waitFor();

    // Used, and the account exists: both links offer Sign in, not a new account.
    for (const used of [link, first]) {
      await page.goto(used);
      await page.getByRole('alert').getByText(SIGN_UP_LINK_USED).waitFor();
      expect(await page.getByRole('button', { name: 'Create your account again' }).count()).toBe(0);
    }
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').getByRole('form', { name: 'Sign in with email' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  // Someone else's link opened while signed in (warned, switched only on the person's word): bff sign-up.test.ts
  // and pwa/src/app/app-routes.test.tsx. A taken address answered as a new one, its owner mailed a note whose
  // link opens the forgotten-password form: bff sign-up.test.ts, sign-in-dialog.test.tsx.
});
