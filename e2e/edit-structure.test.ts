import { describe, expect, it } from 'vitest';
import {
  CONCEPT_LABEL,
  STRUCTURE_CHANGES_HEADING,
  STRUCTURE_CHOICE,
  STRUCTURE_EDIT_CHOICE,
} from '../shared/src/domain';
import { renderRoom } from '../bff/src/testing/synthetic-rooms';
import { anotherRoom } from '../bff/src/testing/another-room';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useFakeOpenAIApp } from './support/use-fake-openai-app';

const SLOW = { timeout: 60_000 };

describe.skipIf(!hasChromium)('the structure check on an edit, in Chromium', () => {
  const suite = useFakeOpenAIApp();
  const { fake, room, app } = suite;

  /** Stages the room (kept: furnished), then refines it into another room: the edit's check flags it. */
  async function flaggedEditAt(width: number, name: string) {
    fake.reset();
    fake.editImage = (_, index) => (index === 0 ? renderRoom(room, 'furnished') : anotherRoom(room));
    const page = await (await suite.openAt(width, 900)).newPage();
    const problems = watchProblems(page);
    await registerInBrowser(page, app.server, { firstName: name });
    await page.goto(`${app.server.url}/app`);
    await page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: suite.photo });
    await page.getByRole('button', { name: 'Generate Staging' }).click();
    const panel = page.getByRole('region', { name: 'Versions and edits' });
    await panel.waitFor(SLOW);
    await panel.getByLabel('Refine this result').fill('make the sofa grey');
    await panel.getByRole('button', { name: 'Refine', exact: true }).click();
    const choice = page.getByRole('region', { name: STRUCTURE_EDIT_CHOICE.title });
    await choice.waitFor(SLOW);
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.getByRole('button', { name: 'Show changes' }).click();
    const found = comparison.getByRole('region', { name: STRUCTURE_CHANGES_HEADING });
    await found.waitFor();
    // Named in the check's words (the staged version it is compared with is the locked composite).
    expect(await found.textContent()).toMatch(/another room|was covered|was removed|changed\./);
    // The staging's Restage is not offered for an edit: its own choice is.
    expect(await page.getByRole('region', { name: STRUCTURE_CHOICE.title }).count()).toBe(0);
    for (const label of [
      STRUCTURE_EDIT_CHOICE.retry,
      STRUCTURE_EDIT_CHOICE.keep,
      STRUCTURE_EDIT_CHOICE.remove,
    ])
      expect(
        (await choice.getByRole('button', { name: label }).boundingBox())?.height,
      ).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The same at a desktop's width: the viewport switched, not the flow repeated.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.setViewportSize({ width, height: 900 });
    return { page, panel, choice, problems };
  }

  it('at 390 px: a refine that changed the room is named and kept as a concept', async () => {
    const { page, panel, choice, problems } = await flaggedEditAt(390, 'Eve');
    await panel.getByText(STRUCTURE_EDIT_CHOICE.flaggedTag, { exact: true }).waitFor();
    await choice.getByRole('button', { name: STRUCTURE_EDIT_CHOICE.keep }).click();
    await page.getByRole('note', { name: CONCEPT_LABEL }).waitFor(SLOW);
    await panel.getByText(STRUCTURE_EDIT_CHOICE.conceptTag, { exact: true }).waitFor();
    await choice.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  // Delete this version (back to the staged result, nothing charged): edit-structure-choice.test.tsx and bff
  // versions.test.ts, edit-credit-back.test.ts.
});
