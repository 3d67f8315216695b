import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems, contextAtWidth, FLOW_WIDTHS } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

async function waitCompleted(page: Page, url: string, id: string): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`${url}/api/projects/${id}/status`)).json()) as { status: string })
          .status,
      SLOW,
    )
    .toBe('completed');
}

describe.skipIf(!hasChromium)('projects with names a person can tell apart and change', () => {
  const app = useServerAndBrowser();

  it.each(FLOW_WIDTHS)(
    'two living rooms get distinct names, one is renamed, and the buyer page shows it with the agent (%i px)',
    async (width) => {
      const context = await contextAtWidth(app.browser, width);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Nia${width}` });
      await page.goto(`${app.server.url}/app`);
      for (const [i, name] of ['first.jpg', 'second.jpg'].entries()) {
        await page.getByLabel(/^Choose (a|another) photo$/).setInputFiles(await photoFile(name, i + 1));
        await page.getByRole('button', { name: 'Generate Staging' }).click();
        await page
          .getByRole('button', { name: /^Download/ })
          .first()
          .waitFor(SLOW);
      }
      const recent = page.getByRole('region', { name: 'Recent Projects' });
      await recent.getByText('Living Room 2', { exact: true }).waitFor(SLOW);
      await recent.getByText('Living Room', { exact: true }).waitFor();

      // Rename in the list: the list and the workspace show the new name.
      await recent.getByRole('button', { name: 'Rename Living Room 2' }).click();
      await recent.getByLabel('Project name').fill('Sunny den');
      await recent.getByRole('button', { name: 'Save name' }).click();
      await recent.getByText('Sunny den', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Sunny den' }).first().waitFor();

      // The agent profile, with a picture shown to buyers.
      await page.goto(`${app.server.url}/settings`);
      await page.getByLabel('Choose a profile picture').setInputFiles(await photoFile('me.jpg', 5));
      await page.getByText('Profile image updated').first().waitFor(SLOW);
      await page.getByLabel('Agent name').fill('Ann Agent');
      await page.getByLabel('Brokerage').fill('Harbor Realty');
      await page.getByLabel('Phone').fill('+1 555 0100');
      await page.getByLabel(/Show my profile picture/).check();
      await page.getByRole('button', { name: 'Save agent profile' }).click();
      await page.getByText('Agent profile saved').waitFor();

      const projects = (await (await page.request.get(`${app.server.url}/api/projects`)).json()) as {
        id: string;
        name: string;
      }[];
      const den = projects.find((p) => p.name === 'Sunny den');
      expect(den).toBeDefined();
      await waitCompleted(page, app.server.url, den!.id);
      const link = (await (
        await page.request.post(`${app.server.url}/api/projects/${den!.id}/share`, {
          headers: { Origin: app.server.url },
        })
      ).json()) as { url: string };

      const buyer = await app.browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      const view = await buyer.newPage();
      await view.goto(link.url);
      await view.getByRole('heading', { level: 1, name: 'Sunny den' }).waitFor(SLOW);
      const agent = view.getByRole('region', { name: 'Listing agent' });
      await agent.getByText('Ann Agent').waitFor();
      await agent.getByText('Harbor Realty').waitFor();
      expect(await agent.getByRole('link', { name: '+1 555 0100' }).getAttribute('href')).toBe(
        'tel:+15550100',
      );
      const photo = agent.getByRole('img', { name: 'Ann Agent, photo or logo' });
      await expect
        .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), SLOW)
        .toBeGreaterThan(0);
      expect(await view.title()).toContain('Sunny den');
      await buyer.close();
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
