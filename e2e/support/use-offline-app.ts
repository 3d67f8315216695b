import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { registerInBrowser } from './accounts';
import { launchPersistentBrowser, watchProblems, type BrowserKind } from './browser';
import { startServer, type RunningServer } from './server';
import { started } from './use-server-and-browser';

export interface OfflineApp {
  readonly server: RunningServer;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and page errors of `page` since it opened. */
  readonly problems: string[];
  /** Starts the server again on the same port and DATA_DIR (after `server.kill()`), with `env` if given. */
  restartServer(env?: Record<string, string>): Promise<RunningServer>;
  /** Closes every page of the context, as closing the app's last tab: the browser and its service worker stay. */
  closeAllPages(): Promise<void>;
  /** A new page, watched for problems, becomes `page` (after closeAllPages). */
  openPage(): Promise<Page>;
}

/**
 * Counts the app's calls to navigator.storage.persist() in `window.persistAsked` (headless Chromium declines
 * them, so persisted() alone cannot show that the app asked). Runs in the page before its scripts.
 */
function countPersistRequests(): void {
  const w = window as unknown as { persistAsked: number };
  w.persistAsked = 0;
  const proto = StorageManager.prototype;
  const persist = Object.getOwnPropertyDescriptor(proto, 'persist')?.value as (
    this: StorageManager,
  ) => Promise<boolean>;
  proto.persist = function (this: StorageManager) {
    w.persistAsked += 1;
    return persist.call(this);
  };
}

/** How many times the app asked for persistent storage since the page loaded. */
export const persistRequests = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked);

/**
 * Registers the suite's hooks for offline tests: its own server, a fresh persistent Chromium profile (service
 * workers need one) counting persist() calls, one page watched for problems, and `user` registered in it.
 * The server runs with `serverEnv` (a function when it needs something started in an earlier hook); `browser:
 * 'full'` for Background Sync.
 * afterAll closes the browser, stops the server and deletes the profile.
 */
export function useOfflineApp(
  user: { firstName: string; lastName: string },
  serverEnv: Record<string, string> | (() => Record<string, string>) = {},
  options: { browser?: BrowserKind } = {},
): OfflineApp {
  const envOf = () => (typeof serverEnv === 'function' ? serverEnv() : serverEnv);
  let server: RunningServer | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let problems: string[] | undefined;
  let profileDir: string | undefined;

  beforeAll(async () => {
    server = await startServer(envOf());
    profileDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-offline-'));
    context = await launchPersistentBrowser(profileDir, { width: 1280, height: 900 }, options.browser);
    await context.addInitScript(countPersistRequests);
    page = context.pages()[0] ?? (await context.newPage());
    problems = watchProblems(page);
    await registerInBrowser(page, server, user);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  });

  const name = 'useOfflineApp';
  return {
    get server() {
      return started(name, server);
    },
    get context() {
      return started(name, context);
    },
    get page() {
      return started(name, page);
    },
    get problems() {
      return started(name, problems);
    },
    async restartServer(env = envOf()) {
      const stopped = started(name, server);
      server = await startServer({ ...env, PORT: String(stopped.port) }, stopped.dataDir);
      return server;
    },
    async closeAllPages() {
      await Promise.all(
        started(name, context)
          .pages()
          .map((p) => p.close()),
      );
    },
    async openPage() {
      page = await started(name, context).newPage();
      problems = watchProblems(page);
      return page;
    },
  };
}
