import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MaskStroke, Project } from '../shared/src/api';
import { PROJECT_LINK_PARAM } from '../shared/src/domain';
import { differingPixels, nearStroke } from '../bff/src/testing/version-helpers';
import { registerInBrowser } from './support/accounts';
import { contextAtWidth, FLOW_WIDTHS, hasChromium, settledBox, watchProblems } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };
/** The brush's default diameter, a share of the image's width (brush-editor.tsx). */
const DEFAULT_BRUSH = 0.06;
const FROM: [number, number] = [0.35, 0.45];
const TO: [number, number] = [0.6, 0.55];

/** Paints a stroke FROM -> TO across the canvas: by touch on a phone (touch events), by mouse otherwise. */
async function paint(page: Page, canvas: Locator, touch: boolean): Promise<void> {
  const box = await settledBox(canvas);
  const at = ([x, y]: [number, number]) => ({ x: box.x + x * box.width, y: box.y + y * box.height });
  const steps = Array.from({ length: 11 }, (_, i) =>
    at([FROM[0] + ((TO[0] - FROM[0]) * i) / 10, FROM[1] + ((TO[1] - FROM[1]) * i) / 10]),
  );
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
    await send('touchStart', steps[0]);
    for (const p of steps.slice(1)) await send('touchMove', p);
    await send('touchEnd');
    return;
  }
  await page.mouse.move(steps[0]!.x, steps[0]!.y);
  await page.mouse.down();
  for (const p of steps.slice(1)) await page.mouse.move(p.x, p.y);
  await page.mouse.up();
}

const row = (page: Page, name: RegExp) =>
  page.getByRole('list', { name: 'Versions' }).getByRole('listitem').filter({ hasText: name });

describe.skipIf(!hasChromium)('edit tools: brush Remove, refine, compare and current version', () => {
  const app = useServerAndBrowser();

  // One width, the phone's (a finger paints; the mouse paints in edit-offline.test.ts): nothing else here
  // depends on the width.
  it.each(FLOW_WIDTHS)(
    'paints a mask and removes, refines, compares v1 with v2, sets v2 current, keeps it on reload (%i px)',
    async (width) => {
      const context = await contextAtWidth(app.browser, width, 900);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Eddie${width}` });
      await page.goto(`${app.server.url}/app`);
      await page.getByLabel('Choose a photo').setInputFiles(await photoFile('lounge.jpg', 4));
      await page.getByRole('button', { name: 'Generate Staging' }).click();
      const panel = page.getByRole('region', { name: 'Versions and edits' });
      await panel.waitFor(SLOW).catch(async (err: unknown) => {
        await page.screenshot({ path: `/tmp/edit-e2e-${width}.png`, fullPage: true });
        throw err;
      });
      await row(page, /v1 · Staged result/)
        .getByText('Current')
        .waitFor(SLOW);

      await panel.getByRole('button', { name: 'Paint to remove' }).click();
      const canvas = panel.getByLabel('Paint what should go');
      await canvas.waitFor();
      const remove = panel.getByRole('button', { name: 'Remove', exact: true });
      expect(await remove.isDisabled()).toBe(true);
      // A stroke drawn while the brush still readies its photo leaves no mask (Remove stayed disabled 30 s
      // once): the same stroke again until Remove counts it.
      await expect
        .poll(
          async () => {
            if (await remove.isDisabled()) await paint(page, canvas, width < 600);
            return remove.isEnabled();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(true);
      await remove.click();
      await row(page, /v2 · Removed what was painted/)
        .getByText('Current')
        .waitFor(SLOW);

      const src = (await row(page, /v1 ·/).locator('img').getAttribute('src')) ?? '';
      const id = decodeURIComponent(/\/api\/projects\/([^/]+)\//.exec(src)?.[1] ?? '');
      const image = async (n: number) =>
        (await page.request.get(`${app.server.url}/api/projects/${id}/versions/${n}/image`)).body();
      const stroke: MaskStroke = { erase: false, size: DEFAULT_BRUSH, points: [FROM, TO] };
      // Outside the painted stroke dilated by 2 % of the image, every pixel is version 1's own.
      const diff = await differingPixels(await image(1), await image(2), nearStroke(stroke, 0.02));
      expect(diff.outside).toBe(0);
      expect(diff.within).toBeGreaterThan(100);

      await panel.getByLabel('Refine this result').fill('make the sofa grey');
      await panel.getByRole('button', { name: 'Refine', exact: true }).click();
      await row(page, /v3 · make the sofa grey/)
        .getByText('Current')
        .waitFor(SLOW);

      await panel.getByLabel('Before').selectOption('1');
      await panel.getByLabel('After').selectOption('2');
      // The comparison shows both full images (the version list shows them as ?size=thumb).
      await expect.poll(() => page.locator(`img[src$="/versions/1/image"]`).count(), SLOW).toBeGreaterThan(0);
      await expect.poll(() => page.locator(`img[src$="/versions/2/image"]`).count(), SLOW).toBeGreaterThan(0);

      await panel.getByRole('button', { name: 'Set as current: v2' }).click();
      await row(page, /v2 ·/).getByText('Current').waitFor(SLOW);
      const project = (await (
        await page.request.get(`${app.server.url}/api/projects/${id}`)
      ).json()) as Project;
      expect(project.stagedImageUrl).toContain('version=2');
      const download = await page.request.get(`${app.server.url}/api/projects/${id}/download`);
      expect(download.status()).toBe(200);

      // A reload, then the project opened again by its link (the workspace starts with no project open).
      await page.reload();
      await page.goto(`${app.server.url}/app?${PROJECT_LINK_PARAM}=${encodeURIComponent(id)}`);
      await row(page, /v2 · Removed what was painted/)
        .getByText('Current')
        .waitFor(SLOW);
      expect(await row(page, /v3 · make the sofa grey/).count()).toBe(1);
      // Deleting asks first, then the version goes.
      // The list may still be settling after the link opened the project (a click can land on a row being
      // replaced): the question is asked again until it shows.
      const confirmDelete = page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true });
      await expect
        .poll(
          async () => {
            if (await confirmDelete.isVisible()) return true;
            await panel
              .getByRole('button', { name: 'Delete: v3' })
              .click({ timeout: 5000 })
              .catch(() => undefined);
            return confirmDelete
              .waitFor({ timeout: 3000 })
              .then(() => true)
              .catch(() => false);
          },
          { timeout: 45_000, interval: 500 },
        )
        .toBe(true);
      await confirmDelete.click();
      await expect.poll(() => row(page, /v3 ·/).count(), SLOW).toBe(0);
      // One thumb at phone width: every control of the list is at least 44 px tall and inside the window.
      for (const b of await panel.getByRole('button').all()) {
        const box = await b.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    240_000,
  );
});
