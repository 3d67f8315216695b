import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, type BrowserKind } from './browser';
import { startServer, type RunningServer } from './server';
import { connectSharedBrowser, injectedSharedApp, sharedServer } from './shared-app';

export interface ServerAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Registers the suite's hooks and returns an object that reads through to the server and browser once started,
 * in hooks registered after this call and in tests.
 *
 * Without `env`, the file uses the run's shared server and Chromium (`shared-app.global.ts`): its own browser
 * connection, closed with the file (and every context it opened with it). Each test makes its own account and
 * context, so files do not see each other. With `env` (a function when it needs something started in an earlier
 * hook), beforeAll starts a server of the file's own, then Chromium; afterAll closes the browser, then the server.
 * `browser: 'full'` launches the file's own full Chromium (Background Sync, notifications) beside either server.
 */
export function useServerAndBrowser(
  env?: Record<string, string> | (() => Record<string, string>),
  options: { browser?: BrowserKind } = {},
): ServerAndBrowser {
  const kind = options.browser ?? 'pages';
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let ownServer = false;
  beforeAll(async () => {
    const shared = env === undefined ? injectedSharedApp() : null;
    if (shared) {
      server = sharedServer(shared);
      browser = kind === 'pages' ? await connectSharedBrowser(shared) : await launchBrowser(kind);
      return;
    }
    ownServer = true;
    server = await startServer(typeof env === 'function' ? env() : (env ?? {}));
    browser = await launchBrowser(kind);
  });
  // A failed test says what its pages showed: the address and the start of the visible text of each.
  beforeEach(({ onTestFailed }) =>
    onTestFailed(async () => {
      for (const page of browser?.contexts().flatMap((c) => c.pages()) ?? []) {
        const text = await page
          .locator('body')
          .innerText({ timeout: 2000 })
          .catch(() => '(no text)');
        console.log(`e2e page at failure: ${page.url()}\n${text.replace(/\s+/g, ' ').slice(0, 2000)}`);
      }
    }),
  );
  afterAll(async () => {
    await browser?.close();
    if (ownServer) await server?.stop();
  });
  return {
    get server() {
      return started('useServerAndBrowser', server);
    },
    get browser() {
      return started('useServerAndBrowser', browser);
    },
  };
}

/** A value a `use…` helper sets in beforeAll: read before that, it is a mistake in the test, said plainly. */
export function started<T>(helper: string, value: T | undefined): T {
  if (!value) throw new Error(`${helper}: started in beforeAll; read it inside hooks and tests`);
  return value;
}
