import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EventStreamClient } from '../../bff/src/testing/event-stream-client';
import { registerInBrowser } from './accounts';
import { watchProblems } from './browser';
import type { RunningServer } from './server';

/** A plain room photo: wall and floor. */
export async function roomPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="520" fill="rgb(190,185,170)"/>
    <rect y="520" width="1200" height="280" fill="#8b6b4a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A new account's page on the workspace at `width` px with its event stream open, and the test's own stream
 * (`witness`) on the same session beside it, to see what the server sent and when.
 */
export async function openLiveWorkspace(
  app: { browser: Browser; server: RunningServer },
  width: number,
  name: string,
): Promise<{ context: BrowserContext; page: Page; problems: string[]; witness: EventStreamClient }> {
  const context = await app.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await registerInBrowser(page, app.server, { firstName: name, lastName: 'Tester' });
  const streamOpened = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
  await page.goto(app.server.url);
  await page.getByRole('button', { name: 'Generate Staging' }).waitFor();
  await streamOpened;
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const witness = await EventStreamClient.open(`${app.server.url}/api/events`, cookie);
  return { context, page, problems, witness };
}

/** Chooses the room photo and presses Generate Staging, until the page says the project was created. */
export async function stageRoomPhoto(page: Page): Promise<void> {
  await page.getByLabel('Choose a photo').setInputFiles({
    name: 'den.jpg',
    mimeType: 'image/jpeg',
    buffer: await roomPhoto(),
  });
  await page.getByRole('button', { name: 'Generate Staging' }).click();
  await page.getByText('Your staging project has been created and is being processed.').waitFor();
}
