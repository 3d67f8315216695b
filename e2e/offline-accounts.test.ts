import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser';
import { queuedUploads, serverProjects } from './support/offline';
import { offlineSteps, poll, SLOW } from './support/offline-steps';
import { useOfflineApp } from './support/use-offline-app';

describe.skipIf(!hasChromium)('offline upload queue and accounts in Chromium (401, another account)', () => {
  const app = useOfflineApp({ firstName: 'Olive', lastName: 'Offline' });
  const { banner, openWorkspace, switchUser, signUpInDialog, signInInDialog, logOut, queueThenLoseSession } =
    offlineSteps(app);
  const samEmail = `sam-${Date.now()}@example.com`;
  const beaEmail = `bea-${Date.now()}@example.com`;

  // Olive starts signed in on /app, as she would have after using the app online.
  beforeAll(openWorkspace);

  it('keeps a photo when the session ends while it waits (401), asks to sign in again, then uploads it', async () => {
    const { page, server } = app;
    await switchUser('Sam', samEmail);
    await queueThenLoseSession('study.jpg', 7);
    // The banner can ask to sign in while the refused send still writes the photo back as queued.
    await expect.poll(async () => (await queuedUploads(page)).map((u) => u.status), poll).toEqual(['queued']);
    await banner().getByRole('button', { name: 'Sign In' }).click();
    await signInInDialog(samEmail);
    await expect.poll(() => queuedUploads(page), poll).toEqual([]);
    await banner().waitFor({ state: 'detached', ...SLOW });
    expect(await serverProjects(page, server)).toHaveLength(1);
  }, 240_000);

  it('keeps a photo for the account it was taken for: another account signed in on the device gets none', async () => {
    const { page, problems, server } = app;
    const samBefore = (await serverProjects(page, server)).length;
    const samThumb = (await serverProjects(page, server))[0]!.thumbnailUrl;
    const cached = () => page.evaluate((url) => caches.match(url).then(Boolean), samThumb);
    await expect.poll(cached, poll).toBe(true); // the workspace showed Sam's project
    await queueThenLoseSession('nursery.jpg', 10);
    // Bea signs in on the same phone: nothing of Sam's stays cached for her (his session ended, no log-out).
    await banner().getByRole('button', { name: 'Sign In' }).click();
    await signUpInDialog('Bea', beaEmail);
    await expect.poll(cached, poll).toBe(false);

    const waitsForSam = `1 photo waits for another account (${samEmail}): sign in as that account to upload it.`;
    await banner().getByText(waitsForSam).waitFor(SLOW);
    await page.reload(); // the queue runs again for Bea on start, and still leaves Sam's photo alone
    await banner().getByText(waitsForSam).waitFor(SLOW);
    expect(await queuedUploads(page)).toMatchObject([{ status: 'queued' }]);
    expect(await serverProjects(page, server)).toEqual([]);

    // Sam signs in again: his photo uploads by itself, into his account.
    await logOut();
    await banner().getByText('Sign in again to upload 1 photo.').waitFor(SLOW);
    await banner().getByRole('button', { name: 'Sign In' }).click();
    await signInInDialog(samEmail);
    await expect.poll(() => queuedUploads(page), poll).toEqual([]);
    await banner().waitFor({ state: 'detached', ...SLOW });
    expect(await serverProjects(page, server)).toHaveLength(samBefore + 1);
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  }, 300_000);
});
