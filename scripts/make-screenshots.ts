// Captures the manifest screenshots from the built app (npm run build first). Run: npx tsx scripts/make-screenshots.ts
// (outputs are committed). A staged room in the workspace, wide (desktop install) and narrow (phone install).
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { finishSignUp } from '../e2e/support/accounts';
import { launchBrowser } from '../e2e/support/browser';
import { roomJpeg } from '../e2e/support/offline';
import { startServer } from '../e2e/support/server';

const out = 'pwa/public/screenshots';
const shots = [
  { file: 'workspace-wide.webp', width: 1280, height: 720 },
  { file: 'workspace-narrow.webp', width: 540, height: 1080 },
];

mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const origin = { Origin: server.url };
  await page.request.post(`${server.url}/api/auth/register`, {
    headers: origin,
    data: { email: 'agent@example.com', password: 'bright kitchen 42', firstName: 'Alex', lastName: 'Agent' },
  });
  await finishSignUp(page.request, server.url, 'agent@example.com');
  await page.request.post(`${server.url}/api/projects`, {
    headers: origin,
    multipart: {
      image: { name: 'lounge.jpg', mimeType: 'image/jpeg', buffer: await roomJpeg(0) },
      name: 'Living Room - Elm Street',
      stagingMode: 'stage',
      roomType: 'living-room',
      stylePreset: 'scandinavian',
      colorPalette: 'neutral-warm',
    },
  });
  for (const shot of shots) {
    await page.setViewportSize({ width: shot.width, height: shot.height });
    await page.goto(`${server.url}/app`);
    await page
      .getByRole('button', { name: /^View Project / })
      .first()
      .click();
    const comparison = page.getByRole('region', { name: /^Before & After Comparison - / });
    await comparison.getByText('Preview', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Close notification' }).click();
    await comparison.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    const png = await page.screenshot();
    await sharp(png).webp({ quality: 80 }).toFile(`${out}/${shot.file}`);
    console.log(`${out}/${shot.file}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
