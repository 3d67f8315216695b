import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import {
  bandedPhoto,
  comparisonShape,
  expectBandsAtEdges,
  expectDividerOnPhoto,
  expectFullWidth,
  expectWholePhoto,
} from './support/comparison-shape';
import { serverProjects } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const PORTRAIT = 3 / 4;
const LANDSCAPE = 3 / 2;
const SLOW = { timeout: 60_000 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const jpeg = async (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await bandedPhoto(width, height),
});

/** Stages a photo from the workspace's Single Image tab and returns the finished comparison panel. */
async function stageInWorkspace(page: Page, file: Awaited<ReturnType<typeof jpeg>>) {
  await page.getByLabel(/^Choose (a|another) photo$/).setInputFiles(file);
  await page.getByText(file.name).waitFor(SLOW);
  await page.getByRole('button', { name: 'Generate Staging' }).click();
  const panel = page.getByRole('region', { name: /^Before & After Comparison - / });
  await panel.getByRole('slider').waitFor(SLOW);
  return panel;
}

/** Opens the fullscreen view of the panel in `root` at `viewport` and drags its divider to both ends. */
async function checkFullscreen(
  page: Page,
  root: Locator,
  viewport: { width: number; height: number },
  ratio: number,
) {
  await page.setViewportSize(viewport);
  await root.getByRole('button', { name: 'Fullscreen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('ESC Exit fullscreen').waitFor();
  await expectDividerOnPhoto(page, dialog, ratio);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe.skipIf(!hasChromium)('photos keep their shape in the before/after comparison', () => {
  const app = useServerAndBrowser({ DEMO_LIMIT_PER_DAY: '10' });

  it('shows a 3:4 portrait whole in the workspace, fullscreen and on the share page; a landscape fills the width', async () => {
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Portia' });
    await page.goto(`${app.server.url}/app`);

    const panel = await stageInWorkspace(page, await jpeg('tall-room.jpg', 900, 1200));
    expectWholePhoto(await comparisonShape(panel), PORTRAIT);
    await expectBandsAtEdges(page, panel);
    await checkFullscreen(page, panel, DESKTOP, PORTRAIT);

    await page.setViewportSize(PHONE);
    expectWholePhoto(await comparisonShape(panel), PORTRAIT);
    await expectBandsAtEdges(page, panel);
    await checkFullscreen(page, panel, PHONE, PORTRAIT);
    // The same phone turned sideways: the portrait is letterboxed, the divider stays on it.
    await checkFullscreen(page, panel, { width: PHONE.height, height: PHONE.width }, PORTRAIT);

    // The buyer's page shows the portrait whole too, on a phone and on a desktop.
    const [project] = await serverProjects(page, app.server);
    const shared = await page.request.post(`${app.server.url}/api/projects/${project?.id}/share`, {
      headers: { Origin: app.server.url },
    });
    expect(shared.ok()).toBe(true);
    const { url } = (await shared.json()) as { url: string };
    const buyer = await app.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const visitor = await buyer.newPage();
    const visitorProblems = watchProblems(visitor);
    await visitor.goto(url);
    const sharedPanel = visitor.getByRole('region', { name: /^Before & After Comparison - / });
    expectWholePhoto(await comparisonShape(sharedPanel), PORTRAIT);
    await expectBandsAtEdges(visitor, sharedPanel);
    await checkFullscreen(visitor, sharedPanel, PHONE, PORTRAIT);
    await visitor.setViewportSize(DESKTOP);
    expectWholePhoto(await comparisonShape(sharedPanel), PORTRAIT);
    expect(visitorProblems).toEqual([]);
    await buyer.close();

    // A landscape photo still takes the panel's whole width, at both sizes.
    await page.setViewportSize(DESKTOP);
    const wide = await stageInWorkspace(page, await jpeg('wide-room.jpg', 1200, 800));
    await expect.poll(async () => (await comparisonShape(wide)).before.naturalWidth, SLOW).toBe(1200);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      const shape = await comparisonShape(wide);
      expectWholePhoto(shape, LANDSCAPE);
      expectFullWidth(shape);
    }
    await expectBandsAtEdges(page, wide);
    await checkFullscreen(page, wide, PHONE, LANDSCAPE);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a portrait whole in the landing demo; the landscape examples fill the width', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(app.server.url);

    const demo = page.getByRole('region', { name: 'Try it now with your own photo' });
    await demo.scrollIntoViewIfNeeded();
    await page
      .locator('[data-testid="demo-drop-zone"] input[type="file"]')
      .setInputFiles(await jpeg('phone-photo.jpg', 900, 1200));
    await page
      .getByText(/^Detected: /)
      .first()
      .waitFor(SLOW);
    await page.getByRole('button', { name: 'Stage This Room' }).click();
    await page.getByText('Demo Complete').waitFor(SLOW);
    const result = demo.getByRole('region', { name: /^Before & After Comparison/ });
    expectWholePhoto(await comparisonShape(result), PORTRAIT);
    await expectBandsAtEdges(page, result);
    await checkFullscreen(page, result, PHONE, PORTRAIT);
    await page.setViewportSize(DESKTOP);
    expectWholePhoto(await comparisonShape(result), PORTRAIT);

    const examples = page.getByRole('region', { name: 'See the difference' });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const shape = await comparisonShape(examples);
      expectWholePhoto(shape, LANDSCAPE);
      expectFullWidth(shape);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
