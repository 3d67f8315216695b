import { mkdir, writeFile } from 'node:fs/promises';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, hasChromium, pageChromePath } from './browser';
import { startServer, type RunningServer } from './server';
import { SHARED_APP_ENV } from './shared-app';

/**
 * The e2e project's global set-up: one built BFF and one Chromium for the whole run, which every file calling
 * `useServerAndBrowser()` without env shares (each test makes its own account and browser context). Starting
 * both per file was 25 server starts and Chromium launches, about a tenth of the browser tests' time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!hasChromium) {
    project.provide('e2eSharedApp', null);
    return () => Promise.resolve();
  }
  let server: RunningServer | undefined;
  let browser: BrowserServer | undefined;
  try {
    server = await startServer(SHARED_APP_ENV);
    browser = await chromium.launchServer({
      executablePath: pageChromePath,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  } catch (err) {
    await server?.stop();
    throw err;
  }
  const { url, port, pid, dataDir } = server;
  project.provide('e2eSharedApp', { url, port, pid, dataDir, wsEndpoint: browser.wsEndpoint() });
  return async () => {
    await browser?.close();
    const output = server?.output() ?? '';
    await server?.stop();
    // Kept for a failed run's post-mortem: job timings and warnings of every file that shared it.
    await mkdir('test-results', { recursive: true });
    await writeFile('test-results/e2e-shared-server.log', output);
    // The shared server's warnings belong to the run: a file's own server shows them in its failure.
    if (/"level":(50|60)/.test(output)) console.warn(`e2e shared server errors:\n${output}`);
  };
}
