import { readFile } from 'node:fs/promises';
import { UPLOAD_MESSAGES } from '../shared/src/domain';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccountInDialog, E2E_PASSWORD, registerInBrowser } from './support/accounts';
import { contextAtWidth, downloadedBytes, hasChromium, recordToasts, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

const require = createRequire(import.meta.url);

/** A room-like test photo: a floor, a wall and a window, as JPEG. */
async function roomPhoto(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="520" fill="rgb(${200 - seed * 20},190,170)"/>
    <rect y="520" width="1200" height="280" fill="#8b6b4a"/>
    <rect x="780" y="120" width="260" height="220" fill="#cfe8ff" stroke="#fff" stroke-width="12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const jpeg = async (name: string, seed = 0) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await roomPhoto(seed),
});

/** axe-core on the current page: no serious or critical violations. */
async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Evaluated through the devtools protocol, so the page's CSP (no inline script) does not block it.
  await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  expect(violations).toEqual([]);
}

describe.skipIf(!hasChromium)('workspace in Chromium (local preview engine)', () => {
  const app = useServerAndBrowser();
  let context: BrowserContext;

  it('signs up, stages a photo, shows progress then the slider, downloads a JPEG, views and deletes projects', async () => {
    context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const toastsSeen = await recordToasts(page);

    await page.goto(`${app.server.url}/app`);
    await page.getByRole('heading', { name: 'Sign in to save your work' }).waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await createAccountInDialog(
      dialog,
      {
        firstName: 'Wendy',
        lastName: 'Stager',
        email: `wendy-${Date.now()}@example.com`,
        password: E2E_PASSWORD,
      },
      app.server,
    );
    await page.getByRole('button', { name: /Account menu for Wendy/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in to save your work' }).count()).toBe(0);

    await page.getByLabel('Choose a photo').setInputFiles(await jpeg('living.jpg'));
    await page.getByText('living.jpg').waitFor();
    // The preview engine is never sure of the room: the analysis keeps the room type and says so.
    await page.getByText('Preview mode cannot recognise rooms: keeping Living Room.').waitFor();
    const roomLabel = await page.getByLabel('Room type').evaluate((el) => {
      const select = el as HTMLSelectElement;
      return select.options[select.selectedIndex]?.text ?? '';
    });
    await page.getByRole('radio', { name: 'Scandinavian' }).click();
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    // The preview engine may finish first, and its toast takes the place of this one at once. The toast follows
    // the upload's answer, which takes more than expect.poll's default second when both cores are busy.
    await expect
      .poll(toastsSeen, { timeout: 30_000 })
      .toContain('Your staging project has been created and is being processed.');

    const progress = page.getByRole('progressbar', { name: 'Staging progress' });
    await progress.waitFor();
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.waitFor({ timeout: 45_000 });
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('Staging completed successfully').waitFor();
    await comparison.getByText('Preview', { exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      comparison.getByRole('button', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^staged-image-[\w-]+\.jpg$/);
    const saved = await downloadedBytes(download);
    expect([...saved.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    await expectNoSeriousA11yViolations(page);

    // A new photo clears the current project; View Project brings it back with its options.
    await page.getByLabel('Choose another photo').setInputFiles(await jpeg('kitchen.jpg', 2));
    await comparison.waitFor({ state: 'detached' });
    const recent = page.getByRole('region', { name: 'Recent Projects' });
    await recent
      .getByRole('button', { name: /^View Project / })
      .first()
      .click();
    // Projects are named after their room (numbered apart when there are several).
    await page.getByText(new RegExp(`^Now viewing: ${roomLabel}( \\d+)?$`)).waitFor();
    await comparison.waitFor();
    expect(await page.getByRole('radio', { name: 'Scandinavian' }).getAttribute('aria-checked')).toBe('true');
    await recent.getByText('Just now').waitFor();

    await recent
      .getByRole('button', { name: /^Delete project / })
      .first()
      .click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText('Are you sure you want to delete this project? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The project has been deleted successfully.').waitFor();
    await recent.getByText('No projects yet. Your staged rooms will appear here.').waitFor();
    await comparison.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('at 390 px: the photo shows where it was picked, Generate is on screen, and the room type is put right on the result', async () => {
    const phone = await contextAtWidth(app.browser, 390);
    const page = await phone.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: 'Pia' });
    await page.goto(`${app.server.url}/app`);
    await page
      .getByLabel('Choose a photo')
      .setInputFiles(await jpeg('front-of-house-with-a-long-name.jpg', 3));
    // The picked photo, its size on one line, and the action: all on the first screen, no swipe.
    const picked = page.locator('[data-testid="picked-photo"]');
    await picked.waitFor();
    const inView = (box: { y: number; height: number } | null) =>
      box !== null && box.y >= 0 && box.y + box.height <= 844;
    expect(inView(await picked.boundingBox())).toBe(true);
    const size = page.getByText(/^\(\d+(\.\d+)? KB\)$/);
    expect((await size.boundingBox())!.height).toBeLessThan(30);
    const generate = page.getByRole('button', { name: 'Generate Staging' });
    expect(inView(await generate.boundingBox())).toBe(true);
    // Not detected (the preview engine cannot tell rooms): said beside the select, no toast over it.
    await page.getByText(/^Room type not detected\. Preview mode cannot recognise rooms/).waitFor();
    expect(
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Room type not detected')
        .count(),
    ).toBe(0);
    await generate.click();
    const room = page.getByLabel('Room', { exact: true });
    await room.waitFor({ timeout: 60_000 });
    const modes = page
      .getByRole('region', { name: 'Versions and edits' })
      .getByRole('group', { name: 'Enhancement' });
    await modes.getByRole('button', { name: 'Wall paint' }).waitFor();
    expect(await modes.getByRole('button', { name: 'Day to dusk' }).count()).toBe(0);
    // An exterior staged as Living Room: corrected on the result, Dusk is offered.
    await room.selectOption('exterior');
    await modes.getByRole('button', { name: 'Day to dusk' }).waitFor();
    expect(problems).toEqual([]);
    await phone.close();
  }, 120_000);

  it('processes a batch of 3: the bad file is refused at pick time with its reason, the others complete one after another', async () => {
    context = await app.browser.newContext({
      viewport: { width: 360, height: 780 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await registerInBrowser(page, app.server, { firstName: 'Bart', lastName: 'Tester' });
    await page.goto(app.server.url);
    await page.getByRole('tab', { name: 'Batch Processing' }).click();
    const broken = {
      name: 'broken.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('this is not a photo at all'),
    };
    await page
      .getByLabel('Choose room photos')
      .setInputFiles([await jpeg('first.jpg', 1), broken, await jpeg('third.jpg', 3)]);
    const items = page.getByRole('list', { name: 'Batch items' });
    const bad = items.getByRole('listitem').filter({ hasText: 'broken' });
    await bad.getByText(UPLOAD_MESSAGES.unsupportedType).waitFor({ timeout: 30_000 });
    expect(await bad.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Process 2 Images' }).click();
    await page.getByText('Completed: 2').waitFor({ timeout: 50_000 });

    // View reviews a result in place, in the batch tab.
    await items.getByRole('button', { name: 'View first' }).click();
    const review = page.getByRole('region', { name: 'Batch results' });
    await review.getByText('Result 1 of 2').waitFor();
    await page
      .getByRole('region', { name: /^Before & After Comparison/ })
      .first()
      .waitFor();

    // Every control at phone width is a comfortable touch target.
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          'main button, main select, main [role="radio"], main [role="tab"], header button',
        ),
      ]
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.height < 44)
        .map(({ el }) => el.outerHTML.slice(0, 80)),
    );
    expect(small).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
  // Device settings presetting the panel, and the paywall on no credits: pwa/src/app/workspace-in-app.test.tsx;
  // the paywall on a 402: workspace-page.test.tsx.
});
