import sharp from 'sharp';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_EVENT, projectEventSchema } from '../shared/src/api';
import { EventStreamClient } from '../bff/src/testing/event-stream-client';
import { FakeOpenAI } from '../bff/src/testing/fake-openai';
import { DRAFT_TEXTS } from '../pwa/src/features/workspace/workspace-messages';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

const { badge: DRAFT_BADGE, note: DRAFT_NOTE, keep: DRAFT_KEEP } = DRAFT_TEXTS;
const COMPLETED_TEXT = 'Staging completed successfully';

async function roomPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="520" fill="rgb(190,185,170)"/>
    <rect y="520" width="1200" height="280" fill="#8b6b4a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A staging's first look: the engine's fast pass shown marked 'Draft' over the live stream, then the final. */
describe.skipIf(!hasChromium)('draft first in Chromium', () => {
  const fake = new FakeOpenAI();
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await fake.listen();
    Object.assign(env, fake.env, { STAGING_DRAFT: 'true' });
  });
  // Registered after the stand-in's hook, so the server starts pointed at it.
  const app = useServerAndBrowser(env);
  afterAll(() => fake.close());
  let context: BrowserContext | undefined;
  afterAll(() => context?.close());

  /** A signed-in page on the workspace with its event stream open, and the test's own stream beside it. */
  async function openWorkspace(width: number, name: string) {
    await context?.close();
    context = await app.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: name, lastName: 'Tester' });
    const streamOpened = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
    await page.goto(app.server.url);
    await page.getByRole('button', { name: 'Generate Staging' }).waitFor();
    await streamOpened;
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const witness = await EventStreamClient.open(`${app.server.url}/api/events`, cookie);
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'den.jpg',
      mimeType: 'image/jpeg',
      buffer: await roomPhoto(),
    });
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    await page.getByText('Your staging project has been created and is being processed.').waitFor();
    return { page, problems, witness };
  }

  it.each([390, 1280])(
    "shows a first look marked 'Draft' at once, then the final replaces it in place (%i px)",
    async (width) => {
      let release = () => undefined as void;
      const finalHeld = new Promise<void>((resolve) => (release = resolve));
      // The draft (quality 'low') is answered; the final waits until the page has shown the draft.
      fake.hold = (r) =>
        r.path.endsWith('/images/edits') && r.fields.quality !== 'low' ? finalHeld : undefined;
      const { page, problems, witness } = await openWorkspace(width, `Dora${width}`);
      const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
      await comparison.getByText(DRAFT_BADGE, { exact: true }).waitFor({ timeout: 60_000 });
      await comparison.getByText(DRAFT_NOTE).waitFor();
      expect(await comparison.getByRole('link', { name: DRAFT_KEEP }).count()).toBe(1);
      // A draft is never a result: no Download, listing-ready or not.
      expect(await comparison.getByRole('button', { name: 'Download' }).count()).toBe(0);
      const draftEvent = await witness.next(
        (e) => e.event === PROJECT_EVENT && projectEventSchema.parse(JSON.parse(e.data)).draft,
      );
      expect(projectEventSchema.parse(JSON.parse(draftEvent.data)).status).toBe('processing');

      release();
      await comparison.getByRole('button', { name: 'Download' }).waitFor({ timeout: 60_000 });
      expect(await comparison.getByText(DRAFT_BADGE, { exact: true }).count()).toBe(0);
      expect(await page.getByText(DRAFT_NOTE).count()).toBe(0);
      await page.getByText(COMPLETED_TEXT).waitFor();
      fake.hold = null;
      witness.close();
      expect(problems).toEqual([]);
    },
  );
});
