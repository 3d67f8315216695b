import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EDIT_KIND_TABLE } from '../shared/src/domain';
import { EXTERIOR_LAYOUT, exteriorJpeg } from '../bff/src/testing/exterior-photo';
import type { MaskStroke } from '../shared/src/api';
import { changedShare, differingPixels, nearStroke } from '../bff/src/testing/version-helpers';
import { registerInBrowser } from './support/accounts';
import { contextAtWidth, hasChromium, watchProblems, FLOW_WIDTHS } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

const row = (page: Page, name: RegExp) =>
  page.getByRole('list', { name: 'Versions' }).getByRole('listitem').filter({ hasText: name });

/** Uploads a photo as the given room type, stages it, and waits for its first result. */
async function stagedProject(
  page: Page,
  url: string,
  file: Awaited<ReturnType<typeof photoFile>>,
  room: string,
) {
  await page.goto(`${url}/app`);
  await page.getByLabel('Choose a photo').setInputFiles(file);
  // The select's name is its label and its chosen value ('Room type Living Room').
  await page.getByRole('combobox', { name: /^Room type/ }).selectOption(room);
  await page.getByRole('button', { name: 'Generate Staging' }).click();
  await row(page, /v1 · Staged result/)
    .getByText('Current')
    .waitFor(SLOW);
  const src = (await row(page, /v1 ·/).locator('img').getAttribute('src')) ?? '';
  return decodeURIComponent(/\/api\/projects\/([^/]+)\//.exec(src)?.[1] ?? '');
}

/** Picks an enhancement and a preset, applies it and waits for its version to be current. */
async function enhance(page: Page, kind: keyof typeof EDIT_KIND_TABLE, preset: string, version: number) {
  const panel = page.getByRole('region', { name: 'Versions and edits' });
  const label = EDIT_KIND_TABLE[kind].label;
  await panel.getByRole('button', { name: label, exact: true }).click();
  await panel.getByRole('radio', { name: preset }).click();
  await panel.getByRole('button', { name: `Apply: ${label}` }).click();
  await row(page, new RegExp(`v${version} · ${label}: ${preset}`))
    .getByText('Current')
    .waitFor(SLOW);
}

describe.skipIf(!hasChromium)('enhancements with the preview engine', () => {
  const app = useServerAndBrowser();

  it.each(FLOW_WIDTHS)(
    'sky and dusk on an exterior photo, wall paint on a room, each a version that changed where meant (%i px)',
    async (width) => {
      const context = await contextAtWidth(app.browser, width, 900);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await registerInBrowser(page, app.server, { firstName: `Enh${width}` });
      const image = async (id: string, n: number) =>
        (await page.request.get(`${app.server.url}/api/projects/${id}/versions/${n}/image`)).body();

      const house = { name: 'house.jpg', mimeType: 'image/jpeg', buffer: await exteriorJpeg() };
      const outside = await stagedProject(page, app.server.url, house, 'exterior');
      const panel = page.getByRole('region', { name: 'Versions and edits' });
      // An exterior offers what suits it, not wall paint or floors.
      expect(await panel.getByRole('button', { name: EDIT_KIND_TABLE.paint.label }).count()).toBe(0);
      await enhance(page, 'sky', 'Clear blue', 2);
      await enhance(page, 'dusk', 'Warm twilight', 3);
      const { skyBottom, lawnTop } = EXTERIOR_LAYOUT;
      const [v1, v2, v3] = await Promise.all([1, 2, 3].map((n) => image(outside, n)));
      // Sky replacement changed the sky and left the lawn alone; dusk changed both.
      expect(await changedShare(v1!, v2!, [0, skyBottom - 0.1])).toBeGreaterThan(0.8);
      expect(await changedShare(v1!, v2!, [lawnTop + 0.02, 0.85])).toBe(0);
      expect(await changedShare(v2!, v3!, [0, skyBottom - 0.1])).toBeGreaterThan(0.8);
      expect(await changedShare(v2!, v3!, [lawnTop + 0.02, 0.85])).toBeGreaterThan(0.8);
      await expect
        .poll(
          () =>
            row(page, /v2 ·/)
              .getByText(/Preview: .*not AI/)
              .count(),
          SLOW,
        )
        .toBe(1);

      const room = await stagedProject(page, app.server.url, await photoFile('lounge.jpg', 3), 'living-room');
      expect(await panel.getByRole('button', { name: EDIT_KIND_TABLE.sky.label }).count()).toBe(0);
      await enhance(page, 'paint', 'Navy blue', 2);
      const [r1, r2] = await Promise.all([image(room, 1), image(room, 2)]);
      // The wall (above 65 % of the height) took the colour; the floor below did not.
      expect(await changedShare(r1, r2, [0.02, 0.12])).toBeGreaterThan(0.8);
      expect(await changedShare(r1, r2, [0.72, 0.85])).toBe(0);

      for (const b of await panel.getByRole('button').all()) {
        const box = await b.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    240_000,
  );

  it('on a phone: two fingers zoom the brush, one paints where a chair belongs, Add makes one version (390 px)', async () => {
    const context = await contextAtWidth(app.browser, 390, 844);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Pinch' });
    const id = await stagedProject(page, app.server.url, await photoFile('lounge.jpg', 5), 'living-room');
    const panel = page.getByRole('region', { name: 'Versions and edits' });
    await panel.getByRole('button', { name: 'Paint to add' }).click();
    const canvas = panel.getByLabel('Paint where it should go');
    await canvas.waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const cdp = await context.newCDPSession(page);
    type Touch = { x: number; y: number; id: number };
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: Touch[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // Two fingers 60 px apart move to 120 px apart around the middle: a 2x zoom.
    await touch('touchStart', [
      { x: cx - 30, y: cy, id: 1 },
      { x: cx + 30, y: cy, id: 2 },
    ]);
    for (let step = 1; step <= 6; step++)
      await touch('touchMove', [
        { x: cx - 30 - step * 5, y: cy, id: 1 },
        { x: cx + 30 + step * 5, y: cy, id: 2 },
      ]);
    await touch('touchEnd', []);
    const zoom = page.getByTestId('brush-zoom');
    await expect
      .poll(async () => Number(/scale\(([\d.]+)\)/.exec((await zoom.getAttribute('style')) ?? '')?.[1] ?? 1))
      .toBeGreaterThan(1.5);
    expect(await panel.getByRole('button', { name: 'Reset zoom' }).count()).toBe(1);
    const add = panel.getByRole('button', { name: 'Add', exact: true });
    // The pinch painted nothing.
    expect(await add.isDisabled()).toBe(true);

    // One finger paints across the middle of the (zoomed) photo; its points are image-relative.
    const zoomed = (await canvas.boundingBox())!;
    const at = ([x, y]: [number, number]) => ({
      x: zoomed.x + x * zoomed.width,
      y: zoomed.y + y * zoomed.height,
      id: 1,
    });
    const from: [number, number] = [0.45, 0.5];
    const to: [number, number] = [0.55, 0.52];
    await touch('touchStart', [at(from)]);
    for (let i = 1; i <= 10; i++)
      await touch('touchMove', [
        at([from[0] + ((to[0] - from[0]) * i) / 10, from[1] + ((to[1] - from[1]) * i) / 10]),
      ]);
    await touch('touchEnd', []);
    await panel.getByLabel('What belongs there').fill('a reading chair');
    await add.click();
    await row(page, /v2 · Added: a reading chair/)
      .getByText('Current')
      .waitFor(SLOW);
    const image = async (n: number) =>
      (await page.request.get(`${app.server.url}/api/projects/${id}/versions/${n}/image`)).body();
    // The brush's on-screen size at 2x covers half as much photo: the full size is a safe bound.
    const stroke: MaskStroke = { erase: false, size: 0.06, points: [from, to] };
    const diff = await differingPixels(await image(1), await image(2), nearStroke(stroke, 0.02));
    expect(diff.outside).toBe(0);
    expect(diff.within).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
