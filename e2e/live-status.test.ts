import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_EVENT, projectEventSchema } from '../shared/src/api';
import type { ReceivedEvent } from '../bff/src/testing/event-stream-client';
import { FakeOpenAI } from '../bff/src/testing/fake-openai';
import { openLiveWorkspace, roomPhoto, stageRoomPhoto } from './support/live-workspace';
import { hasChromium } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

/** The provider stand-in takes this long, so the staging finishes well apart from its creation and the polls. */
const PROVIDER_MS = 3000;
/** From the completion stored to the page showing it: far below the 2 s polling (10 s while the stream is open). */
const LIVE_BOUND_MS = 1000;
const TOAST_TITLE = 'Project Completed';
const COMPLETED_TEXT = 'Staging completed successfully';

const completedEvent = (e: ReceivedEvent) =>
  e.event === PROJECT_EVENT && projectEventSchema.parse(JSON.parse(e.data)).status === 'completed';

describe.skipIf(!hasChromium)('live status over server-sent events in Chromium', () => {
  const fake = new FakeOpenAI();
  const env: Record<string, string> = {};
  beforeAll(async () => {
    await fake.listen();
    fake.delayMs = PROVIDER_MS;
    // Stagings show a first look, as in production (e2e/draft-first.test.ts shows it).
    Object.assign(env, fake.env, { STAGING_DRAFT: 'true' });
  });
  // Registered after the stand-in's hook, so the server starts pointed at it.
  const app = useServerAndBrowser(env);
  afterAll(() => fake.close());
  let context: BrowserContext;
  afterAll(() => context?.close());

  /** A signed-in page on the workspace with its event stream open, and the test's own stream beside it. */
  async function openWorkspace(width: number, name: string) {
    const opened = await openLiveWorkspace(app, width, name);
    context = opened.context;
    return opened;
  }
  const stage = stageRoomPhoto;

  it('a finished staging shows its toast and Completed status at once, not at the next poll (1280 px)', async () => {
    const { page, problems, witness } = await openWorkspace(1280, 'Lena');
    await stage(page);
    const toastSeen = page
      .getByText(TOAST_TITLE, { exact: true })
      .waitFor({ timeout: 60_000 })
      .then(() => Date.now());
    const completedSeen = page
      .getByText(COMPLETED_TEXT)
      .waitFor({ timeout: 60_000 })
      .then(() => Date.now());
    const event = await witness.next(completedEvent, 60_000);
    const storedAt = Date.parse(projectEventSchema.parse(JSON.parse(event.data)).changedAt);
    expect((await toastSeen) - storedAt).toBeLessThanOrEqual(LIVE_BOUND_MS);
    expect((await completedSeen) - storedAt).toBeLessThanOrEqual(LIVE_BOUND_MS);
    await page.getByText(/ is staged and ready to view\.$/).waitFor();
    witness.close();
    expect(problems).toEqual([]);
  });

  it('reaches any page of the app: a staging started elsewhere finishes while Settings is open', async () => {
    const page = context.pages()[0]!;
    await page.goto(`${app.server.url}/settings`);
    await page
      .getByRole('heading', { name: /Settings/ })
      .first()
      .waitFor();
    const created = await page.request.post(`${app.server.url}/api/projects`, {
      headers: { Origin: app.server.url },
      multipart: {
        image: { name: 'hall.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto() },
        name: 'Bright hall',
        stagingMode: 'stage',
        roomType: 'living-room',
        stylePreset: 'modern',
        colorPalette: 'navy-gold',
      },
    });
    expect(created.status()).toBe(201);
    await page.getByText('Bright hall is staged and ready to view.').waitFor({ timeout: 60_000 });
  });

  it('with the in-app preference off, the page still updates at once but shows no toast (390 px)', async () => {
    await context.close();
    const { page, problems, witness } = await openWorkspace(390, 'Quinn');
    const put = await page.request.put(`${app.server.url}/api/user/preferences`, {
      headers: { Origin: app.server.url },
      data: { inAppNotifications: { project_completed: false, tips: true } },
    });
    expect(put.status()).toBe(200);
    await stage(page);
    const completedSeen = page
      .getByText(COMPLETED_TEXT)
      .waitFor({ timeout: 60_000 })
      .then(() => Date.now());
    const event = await witness.next(completedEvent, 60_000);
    const storedAt = Date.parse(projectEventSchema.parse(JSON.parse(event.data)).changedAt);
    expect((await completedSeen) - storedAt).toBeLessThanOrEqual(LIVE_BOUND_MS);
    // The toast would have come with the same event: give it as long as the page took to show Completed.
    await page.waitForTimeout(LIVE_BOUND_MS);
    expect(await page.getByText(TOAST_TITLE, { exact: true }).count()).toBe(0);
    witness.close();
    expect(problems).toEqual([]);
  });
});
