import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { batchCompleteText } from '@shared/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../bff/src/testing/free-port';
import { linkIn } from '../bff/src/testing/mime';
import { SmtpSink } from '../bff/src/testing/smtp-sink';
import { registerInBrowser } from './support/accounts';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

/** A room-like JPEG: a wall, a floor and a window; `seed` tints the wall. */
async function room(name: string, seed: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="520" fill="rgb(${200 - seed * 20},190,170)"/>
    <rect y="520" width="1200" height="280" fill="#8b6b4a"/>
    <rect x="780" y="120" width="260" height="220" fill="#cfe8ff" stroke="#fff" stroke-width="12"/>
  </svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

async function stageOne(page: Page, file: string, seed: number) {
  await page.getByLabel(/^Choose (a|another) photo$/).setInputFiles(await room(file, seed));
  await page.getByRole('button', { name: 'Generate Staging' }).click();
  await page.getByText('Staging completed successfully').waitFor({ timeout: 60_000 });
}

async function stageBatch(page: Page, files: string[]) {
  await page.getByRole('tab', { name: 'Batch Processing' }).click();
  await page
    .getByLabel('Choose room photos')
    .setInputFiles(await Promise.all(files.map((f, i) => room(f, i + 2))));
  await page.getByRole('button', { name: `Process ${files.length} Images` }).click();
  await page.getByText(batchCompleteText(files.length, 0)).waitFor({ timeout: 90_000 });
  await page.getByRole('tab', { name: 'Single Image' }).click();
}

describe.skipIf(!hasChromium)('project completed mails in Chromium, through a loopback SMTP server', () => {
  const sink = new SmtpSink();
  let port = 0;
  beforeAll(async () => {
    await sink.listen();
    port = await freePort();
  });
  afterAll(() => sink.close());
  // Links in mail point at PUBLIC_URL: the origin the browser is signed in on.
  const app = useServerAndBrowser(() => ({
    SMTP_URL: sink.url,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  }));

  it('one mail for a staged photo (its link opens the project) and one summary for a batch (390 px)', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const { email } = await registerInBrowser(page, app.server, { firstName: 'Mila' });
    await page.goto(app.server.url);
    await stageOne(page, 'porch.jpg', 1);
    const single = await sink.waitFor((m) => m.rcptTo.includes(email), 30_000);
    expect(single.subject).toMatch(/^Your photo is staged: /);

    await stageBatch(page, ['attic.jpg', 'cellar.jpg']);
    const summary = await sink.waitFor((m) => m.rcptTo.includes(email) && m !== single, 30_000);
    expect(summary.subject).toBe('Your batch is finished: 2 staged');
    expect(summary.text).toMatch(/- attic - .+: staged/);
    expect(summary.text).toMatch(/- cellar - .+: staged/);
    // The summary is decided when the run's last photo is, so nothing else for these photos can follow.
    expect(sink.to(email)).toHaveLength(2);

    // The mailed link opens the staged project in the workspace.
    await page.goto(linkIn(single, '/?project='));
    await page.getByText(/^Now viewing: /).waitFor();
    await page.getByRole('region', { name: /^Before & After Comparison - / }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  it('no mail once "Email me when a project is completed" is turned off in Settings (1280 px)', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { email } = await registerInBrowser(page, app.server, { firstName: 'Otto' });
    const setting = page.getByRole('switch', { name: 'Email me when a project is completed' });
    const turn = async (on: boolean) => {
      await page.goto(`${app.server.url}/settings`);
      await setting.click();
      await expect.poll(() => setting.getAttribute('aria-checked')).toBe(String(on));
      await page.getByText('Email preferences updated').first().waitFor();
      await page.goto(app.server.url);
    };
    await turn(false);
    await stageOne(page, 'garage.jpg', 1);
    await stageBatch(page, ['loft.jpg', 'study.jpg']);
    // On again, one more photo: its mail comes after every decision about the earlier ones (one worker).
    await turn(true);
    await stageOne(page, 'den.jpg', 4);
    const mail = await sink.waitFor((m) => m.rcptTo.includes(email), 30_000);
    expect(mail.subject).toMatch(/^Your photo is staged: /);
    expect(sink.to(email)).toHaveLength(1);
    await context.close();
  }, 240_000);
});
