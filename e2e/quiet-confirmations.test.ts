import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, contextAtWidth, recordToasts, FLOW_WIDTHS } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

describe.skipIf(!hasChromium)("'Show notifications' off hides every confirmation, never an error", () => {
  const app = useServerAndBrowser();

  it.each(FLOW_WIDTHS)(
    'settings saved, project deleted, logged out: no toast; an error still shows (%i px)',
    async (width) => {
      const context = await contextAtWidth(app.browser, width);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Quinn${width}` });
      const res = await page.request.post(`${app.server.url}/api/projects`, {
        headers: { Origin: app.server.url },
        multipart: {
          image: await photoFile('quiet.jpg', 2),
          stagingMode: 'unstage',
          roomType: 'bedroom',
          name: 'Quiet room',
        },
      });
      expect(res.status()).toBe(201);
      const seen = await recordToasts(page);
      await page.goto(`${app.server.url}/app`);

      await page.getByRole('button', { name: 'Workspace settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('switch', { name: 'Show notifications' }).click();
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await settings.getByRole('button', { name: 'Save settings' }).waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Delete project Quiet room' }).click(SLOW);
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: 'Delete project Quiet room' }).waitFor({ state: 'detached' });

      // An error is no confirmation: it shows.
      await page.getByRole('button', { name: 'Generate Staging' }).click();
      await page.getByText('No Image Selected').waitFor();

      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor(SLOW);
      await page.waitForTimeout(1000);
      const shown = await seen();
      expect(shown).toContain('No Image Selected');
      for (const title of ['Settings saved', 'Project Deleted', 'Logged out'])
        expect(shown).not.toContain(title);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
