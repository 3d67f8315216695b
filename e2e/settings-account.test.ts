import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_CANCELLED } from '../shared/src/api/account';
import { linkIn } from '../bff/src/testing/mime';
import { SmtpSink } from '../bff/src/testing/smtp-sink';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('Settings: name, password and email are changed for real', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const app = useServerAndBrowser(() => ({ SMTP_URL: sink.url }));

  it.each(FLOW_WIDTHS)(
    'edits the name, changes the password (other devices signed out) and the email by mail (%i px)',
    async (width) => {
      const mobile = width < 600;
      const options = { viewport: { width, height: mobile ? 844 : 900 }, hasTouch: mobile, isMobile: mobile };
      const context = await app.browser.newContext(options);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const { email, password } = await registerInBrowser(page, app.server, { firstName: `Sam${width}` });
      const other = await app.browser.newContext(options);
      const login = await other.request.post(`${app.server.url}/api/auth/login`, {
        data: { email, password },
        headers: { Origin: app.server.url },
      });
      expect(login.status()).toBe(200);

      await page.goto(`${app.server.url}/settings`);
      await page.getByLabel('Name', { exact: true }).fill('Sam Seller');
      await page.getByLabel('Last name').fill('Seller');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Profile saved').waitFor();
      await page.reload();
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Sam Seller');

      const passwordForm = page.getByRole('form', { name: 'Change password' });
      await passwordForm.getByLabel('Current password').fill('not my password 1');
      await passwordForm.getByLabel('New password').fill('fresh start 2027');
      await passwordForm.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').getByText('That is not your current password.').waitFor();
      await passwordForm.getByLabel('Current password').fill(password);
      await passwordForm.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('status').getByText('Every other device was signed out.').waitFor();
      expect((await other.request.get(`${app.server.url}/api/auth/user`)).status()).toBe(401);
      expect((await page.request.get(`${app.server.url}/api/auth/user`)).status()).toBe(200);

      const emailForm = page.getByRole('form', { name: 'Send confirmation link' });
      if (mobile) {
        // A change the owner did not want: the mail to the current address cancels it.
        const unwanted = `taker-${Date.now()}@example.com`;
        await emailForm.getByLabel('New email').fill(unwanted);
        await emailForm.getByLabel(/Current password/).fill('fresh start 2027');
        await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
        const asked = await sink.waitFor(
          (m) => m.rcptTo.includes(email) && /asked to change/.test(m.subject),
        );
        expect(asked.text).toContain(unwanted);
        await page.goto(linkIn(asked, '/cancel-email?token='));
        await page.getByRole('status').getByText(EMAIL_CHANGE_CANCELLED).waitFor();
        await page.goto(`${app.server.url}/settings`);
      }
      const next = `sam-${width}-${Date.now()}@example.com`;
      await emailForm.getByLabel('New email').fill(next);
      await emailForm.getByLabel(/Current password/).fill('fresh start 2027');
      await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
      await page.getByRole('status').getByText(`We sent a link to ${next}.`, { exact: false }).waitFor();
      const mail = await sink.waitFor((m) => m.rcptTo.includes(next), 30_000);
      await page.goto(linkIn(mail, '/confirm-email?token='));
      await page.getByText(`Your email is now ${next}.`).waitFor();
      const told = await sink.waitFor((m) => m.rcptTo.includes(email) && /email was changed/.test(m.subject));
      expect(told.text).toContain(next);

      // A property's screen has the workspace's Help and Settings too.
      const id = crypto.randomUUID();
      const made = await page.request.post(`${app.server.url}/api/properties`, {
        data: { id, name: '12 Harbor Rd' },
        headers: { Origin: app.server.url },
      });
      expect(made.status()).toBe(201);
      await page.goto(`${app.server.url}/properties/${id}`);
      await page.getByRole('button', { name: 'Help' }).waitFor();
      await page.getByRole('button', { name: 'Workspace settings' }).click();
      await page.getByRole('dialog', { name: 'Settings' }).getByLabel('Default room type').waitFor();
      expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
      await other.close();
      await context.close();
    },
  );
});
