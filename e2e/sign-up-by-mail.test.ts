import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../bff/src/testing/mime';
import { SmtpSink } from '../bff/src/testing/smtp-sink';
import { CHECK_EMAIL_TITLE } from '../pwa/src/features/auth/components/sign-in-texts';
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

  it('signs up at 390 px, opens the mailed link and lands signed in; the used link says so and offers a new one', async () => {
    const { context, page, problems, status } = await signUpInDialog(390, email);
    expect(status).toMatch(/^Check your email to finish creating your account\. We sent a link to <address>/);
    expect(await page.getByRole('button', { name: /Account menu for/ }).count()).toBe(0);

    const mail = await sink.waitFor((m) => m.rcptTo.includes(email), 30_000);
    expect(mail.subject).toBe('Finish creating your Stagely account');
    const link = linkIn(mail, '/confirm-account?token=');
    expect(new URL(link).origin).toBe(app.server.url);
    await page.goto(link);
    await page.waitForURL(`${app.server.url}/`);
    await page.getByRole('button', { name: /Account menu for Mila Novak/ }).waitFor();

    await page.goto(link);
    await page
      .getByRole('alert')
      .getByText(/has expired or was already used/)
      .waitFor();
    await page.getByRole('button', { name: 'Create your account again' }).click();
    await page.getByRole('dialog').getByRole('form', { name: 'Create an account' }).waitFor();
    // The used link's refusal (a 400) is the one console line: the page turns it into the sentence above.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    await context.close();
  });

  it('at 1280 px a taken address shows the same screen, and its owner is mailed instead', async () => {
    const fresh = await signUpInDialog(1280, `other-${Date.now()}@example.com`);
    const taken = await signUpInDialog(1280, email);
    expect(taken.status).toBe(fresh.status);
    const note = await sink.waitFor(
      (m) => m.rcptTo.includes(email) && /Someone tried/.test(m.subject),
      30_000,
    );
    expect(linkIn(note, '/?signin=forgot')).toBe(`${app.server.url}/?signin=forgot`);
    expect(sink.to(email).filter((m) => /Finish creating/.test(m.subject))).toHaveLength(1);

    // The note's link opens the forgotten-password form.
    await taken.page.goto(linkIn(note, '/?signin=forgot'));
    await taken.page.getByRole('dialog').getByRole('form', { name: 'Reset your password' }).waitFor();
    expect(taken.problems).toEqual([]);
    expect(fresh.problems).toEqual([]);
    await fresh.context.close();
    await taken.context.close();
  });
});
