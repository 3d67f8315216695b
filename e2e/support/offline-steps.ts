import { expect } from 'vitest';
import { processBatchLabel } from '../../pwa/src/features/workspace/batch/batch-messages';
import { createAccountInDialog, E2E_PASSWORD } from './accounts';
import { controlledBy, photoFile, serverProjects, setOffline } from './offline';
import type { OfflineApp } from './use-offline-app';

// Generous: the machine running these is shared and slow; nothing here asserts on speed.
export const SLOW = { timeout: 60_000 };
export const poll = { timeout: 60_000, interval: 250 };

/** The workspace steps the offline tests take, on `app`'s page and server (read when each step runs). */
export function offlineSteps(app: OfflineApp) {
  const banner = () => app.page.getByRole('region', { name: 'Upload queue' });
  const recent = () => app.page.getByRole('region', { name: 'Recent Projects' });
  // Through the context, not the page: also with every page closed.
  const projectNames = async () => (await serverProjects(app.context, app.server)).map((p) => p.name).sort();

  /** The signed-in workspace, controlled by the service worker (what a test that opens /app first leaves). */
  async function openWorkspace(): Promise<void> {
    await controlledBy(app.page, `${app.server.url}/app`);
    await recent().waitFor(SLOW);
  }

  /** Starts a batch of photos from the workspace's Batch Processing tab. */
  async function processBatch(names: string[], seed: number): Promise<void> {
    const { page } = app;
    await page.getByRole('tab', { name: 'Batch Processing' }).click();
    const files = await Promise.all(names.map((n, i) => photoFile(`${n}.jpg`, seed + i)));
    await page.getByLabel('Choose room photos').setInputFiles(files);
    await page.getByRole('button', { name: processBatchLabel(names.length) }).click();
  }

  /** One photo from the Single Image tab, with the options as they are. */
  async function generateSingle(name: string, seed: number): Promise<void> {
    const { page } = app;
    await page.getByRole('tab', { name: 'Single Image' }).click();
    await page.getByLabel(/^Choose (a|another) photo$/).setInputFiles(await photoFile(name, seed));
    await page.getByText(name).waitFor(SLOW);
    await page.getByRole('button', { name: 'Generate Staging' }).click();
  }

  async function logOut(): Promise<void> {
    await app.page.getByRole('button', { name: /^Account menu for / }).click();
    await app.page.getByRole('menuitem', { name: 'Log out' }).click();
  }

  /** Signs up a fresh account (5 new credits) in the open sign-in dialog. */
  async function signUpInDialog(first: string, email: string): Promise<void> {
    const { page } = app;
    const account = { firstName: first, lastName: 'Second', email, password: E2E_PASSWORD };
    await createAccountInDialog(page.getByRole('dialog'), account, app.server);
    await page.getByRole('button', { name: new RegExp(`^Account menu for ${first}`) }).waitFor(SLOW);
    await recent().getByText('No projects yet. Your staged rooms will appear here.').waitFor(SLOW);
  }

  async function signInInDialog(email: string): Promise<void> {
    const dialog = app.page.getByRole('dialog');
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** Logs out from the user menu and signs up a fresh account in the dialog. */
  async function switchUser(first: string, email: string): Promise<void> {
    await logOut();
    await app.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signUpInDialog(first, email);
  }

  /**
   * Queues one photo offline; the session ends on the server meanwhile (APIRequestContext is not emulated
   * offline); back online, the queue asks to sign in again.
   */
  async function queueThenLoseSession(name: string, seed: number): Promise<void> {
    const { context, page, server } = app;
    await setOffline(context, page, true);
    await generateSingle(name, seed);
    await banner().getByText('Waiting for connection: 1 photo queued').waitFor(SLOW);
    const out = await page.request.post(`${server.url}/api/auth/logout`, { headers: { Origin: server.url } });
    expect(out.ok()).toBe(true);
    await setOffline(context, page, false);
    await banner().getByText('Sign in again to upload 1 photo.').waitFor(SLOW);
  }

  /** Waits until the server has finished every project (the preview engine runs in the BFF). */
  async function allCompleted(count: number): Promise<void> {
    await expect
      .poll(
        async () =>
          (await serverProjects(app.page, app.server)).filter((p) => p.status === 'completed').length,
        { timeout: 90_000, interval: 500 },
      )
      .toBe(count);
  }

  return {
    banner,
    recent,
    projectNames,
    openWorkspace,
    processBatch,
    generateSingle,
    logOut,
    signUpInDialog,
    signInInDialog,
    switchUser,
    queueThenLoseSession,
    allCompleted,
  };
}
