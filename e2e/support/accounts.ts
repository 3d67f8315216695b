import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { takeMailedLink, signUpToken } from '../../bff/src/testing/mailboxes';
import {
  CHECK_EMAIL_TITLE,
  CONFIRM_ACCOUNT_BUTTON,
} from '../../pwa/src/features/auth/components/sign-in-texts';
import type { RunningServer } from './server';

/** The password every browser test signs up with. */
export const E2E_PASSWORD = 'bright kitchen 42';

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * Opens the sign-up link the server at `serverUrl` mailed to `email`, through `request` (which then holds
 * the session). `via` is the address the requests go to when it is not the server's own (a proxy).
 */
export async function finishSignUp(
  request: APIRequestContext,
  serverUrl: string,
  email: string,
  via = serverUrl,
  /** The device is signed in to another account, and the person agrees to leave it. */
  switchAccount = false,
): Promise<void> {
  const res = await request.post(`${via}/api/auth/register/confirm`, {
    data: { token: await signUpToken(serverUrl, email), password: E2E_PASSWORD, switchAccount },
    headers: { Origin: via },
  });
  if (res.status() !== 200) throw new Error(`sign-up link refused: ${res.status()} ${await res.text()}`);
}

/**
 * Registers a fresh user through the page's request context and opens the mailed link the same way, so the
 * browser context holds the session cookie without going through the sign-in dialog.
 */
export async function registerInBrowser(
  page: Page,
  server: RunningServer,
  names: { firstName?: string; lastName?: string } = {},
): Promise<{ email: string; password: string }> {
  // Unique across the run's workers too: files share one server.
  const email = `${(names.firstName ?? 'user').toLowerCase()}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await page.request.post(`${server.url}/api/auth/register`, {
    data: { email, password: E2E_PASSWORD, ...names },
    headers: { Origin: server.url },
  });
  expect(res.status()).toBe(202);
  await finishSignUp(page.request, server.url, email);
  return { email, password: E2E_PASSWORD };
}

/**
 * Fills and sends the sign-in dialog's 'Create an account' form, then opens the mailed link in the same
 * page and confirms there with the account's password, as the user would: the app opens signed in.
 */
export async function createAccountInDialog(
  dialog: Locator,
  account: NewAccount,
  server: RunningServer,
): Promise<void> {
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('First name').fill(account.firstName);
  await dialog.getByLabel('Last name').fill(account.lastName);
  await dialog.getByLabel('Email', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await dialog.getByRole('heading', { name: CHECK_EMAIL_TITLE }).waitFor();
  const page = dialog.page();
  await page.goto(await takeMailedLink(server.url, account.email, '/confirm-account?token='));
  // The link's page asks for the password and confirms only on its button.
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: CONFIRM_ACCOUNT_BUTTON }).click();
}
