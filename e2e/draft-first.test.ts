import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_EVENT, projectEventSchema } from '../shared/src/api';
import { FakeOpenAI } from '../bff/src/testing/fake-openai';
import { DRAFT_TEXTS } from '../pwa/src/features/workspace/workspace-messages';
import { FLOW_WIDTHS, hasChromium } from './support/browser';
import { openLiveWorkspace, stageRoomPhoto } from './support/live-workspace';
import { useServerAndBrowser } from './support/use-server-and-browser';

const { badge: DRAFT_BADGE, note: DRAFT_NOTE, keep: DRAFT_KEEP } = DRAFT_TEXTS;
const COMPLETED_TEXT = 'Staging completed successfully';

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

  /** A signed-in workspace at `width` px, its stream open and the test's beside it, that has just staged. */
  async function openWorkspace(width: number, name: string) {
    await context?.close();
    const opened = await openLiveWorkspace(app, width, name);
    context = opened.context;
    await stageRoomPhoto(opened.page);
    return opened;
  }

  // One width: nothing here depends on it (the comparison's layout is proven at both in other files).
  it.each(FLOW_WIDTHS)(
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
