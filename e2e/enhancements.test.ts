import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EDIT_KIND_TABLE } from '../shared/src/domain';
import { EXTERIOR_LAYOUT, exteriorJpeg } from '../bff/src/testing/exterior-photo';
import { pixelsOf } from '../bff/src/testing/version-helpers';
import { registerInBrowser } from './support/accounts';
import { contextAtWidth, hasChromium, watchProblems } from './support/browser';
import { photoFile } from './support/offline';
import { useServerAndBrowser } from './support/use-server-and-browser';

const SLOW = { timeout: 60_000 };

const row = (page: Page, name: RegExp) =>
  page.getByRole('list', { name: 'Versions' }).getByRole('listitem').filter({ hasText: name });

/** The share of pixels in a band of rows (shares of the height) that changed beyond a JPEG's noise. */
async function changedShare(before: Buffer, after: Buffer, [from, to]: [number, number]) {
  const [a, b] = await Promise.all([pixelsOf(before), pixelsOf(after)]);
  let changed = 0;
  let n = 0;
  for (let y = Math.floor(from * a.height); y < Math.floor(to * a.height); y++)
    for (let x = 0; x < a.width; x++) {
      const p = (y * a.width + x) * 3;
      const d = [0, 1, 2].reduce((s, c) => s + Math.abs((a.data[p + c] ?? 0) - (b.data[p + c] ?? 0)), 0);
      if (d > 24) changed++;
      n++;
    }
  return changed / n;
}

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

  it.each([390, 1280])(
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
});
