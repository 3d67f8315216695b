import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface ServerAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Registers the suite's hooks: beforeAll starts the real server (with `env`, a function when it needs
 * something started in an earlier hook), then Chromium; afterAll closes
 * the browser, then stops the server. The returned object reads through to them once started, in hooks
 * registered after this call and in tests.
 */
export function useServerAndBrowser(
  env: Record<string, string> | (() => Record<string, string>) = {},
): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(typeof env === 'function' ? env() : env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
