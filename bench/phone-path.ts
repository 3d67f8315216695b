/**
 * The phone path to a listing-ready download, measured as a user walks it at 390 px on the preview engine:
 * taps (a file pick counts as one; Listing-ready and its link's confirmation included), swipes (screens scrolled to reach each control) and seconds from the
 * workspace's first paint to the download. Run after `npm run build`: `npx tsx bench/phone-path.ts`.
 */
import type { Locator, Page } from 'playwright-core';
import { registerInBrowser } from '../e2e/support/accounts';
import { contextAtWidth, launchBrowser } from '../e2e/support/browser';
import { photoFile } from '../e2e/support/offline';
import { startServer } from '../e2e/support/server';

const server = await startServer();
const browser = await launchBrowser();
let taps = 0;
let swipes = 0;
/** Screens the user scrolls to bring `target` into view (a swipe moves about 80% of the viewport). */
async function reach(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const height = page.viewportSize()?.height ?? 844;
  if (box && box.y + box.height > height) swipes += Math.ceil((box.y + box.height - height) / (height * 0.8));
  if (process.env.DEBUG_PATH) console.error(JSON.stringify({ target: String(target), y: box?.y, swipes }));
  await target.scrollIntoViewIfNeeded();
}
async function tap(page: Page, target: Locator): Promise<void> {
  await target.waitFor({ timeout: 120_000 });
  await reach(page, target);
  await target.click();
  taps += 1;
}
try {
  const context = await contextAtWidth(browser, 390);
  const page = await context.newPage();
  await registerInBrowser(page, server, { firstName: 'Phone' });
  await page.goto(`${server.url}/app`);
  const picker = page.getByLabel('Choose a photo');
  await picker.waitFor();
  const started = Date.now();
  await picker.setInputFiles(await photoFile('living-room.jpg', 3));
  taps += 1;
  await tap(page, page.getByRole('button', { name: 'Generate Staging' }));
  const downloadButton = page.getByRole('button', { name: /^Download/ }).first();
  await downloadButton.waitFor({ timeout: 120_000 });
  // Listing-ready: the format, then Download, then the public link's confirmation (each a tap).
  await tap(page, page.getByRole('radio', { name: 'Listing-ready' }));
  const downloaded = page.waitForEvent('download', { timeout: 120_000 });
  await tap(page, downloadButton);
  await tap(page, page.getByRole('dialog').getByRole('button', { name: 'Create link and download' }));
  const file = await downloaded;
  const seconds = (Date.now() - started) / 1000;
  console.log(
    JSON.stringify({
      width: 390,
      taps,
      swipes,
      seconds: Number(seconds.toFixed(1)),
      file: file.suggestedFilename(),
    }),
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
