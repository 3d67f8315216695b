import type { Browser } from 'playwright-core';
import { chromePath, hasChromium, launchBrowser } from '../../e2e/support/browser';
import { startServer, type RunningServer } from '../../e2e/support/server';
import type { BenchRow } from '../types';
import { ensureBuild } from './build';

type Dispose = () => Promise<unknown>;
const open = new Set<Dispose>();

/** Remembers a cleanup so an interrupted or timed-out run still stops what it started; returns it, run-once. */
export function track(dispose: Dispose): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = () => {
    done ??= (async () => {
      open.delete(once);
      await dispose();
    })();
    return done;
  };
  open.add(once);
  return once;
}

/** Stops every server, browser and temp dir still open (end of run, timeout, Ctrl-C). */
export async function disposeAll(): Promise<void> {
  await Promise.allSettled([...open].map((dispose) => dispose()));
}

/**
 * The real BFF on the built PWA (built first if stale), a free port and a temp DATA_DIR, or `dataDir`
 * (seeded beforehand; removed when the server stops, as the temp one is).
 */
export async function startAppServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RunningServer> {
  await ensureBuild();
  // Production mode, as deployed; quiet logs so logging to a pipe is not what gets measured.
  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env }, dataDir);
  const stop = track(() => server.stop());
  return { ...server, stop };
}

/** The rows of a browser bench on a machine without Chromium: said plainly, not failed. */
export function noChromium(): BenchRow[] | null {
  if (hasChromium) return null;
  return [
    {
      figure: 'skipped',
      value: `no Chromium at ${chromePath} (set CHROME_PATH or apt-get install chromium)`,
    },
  ];
}

/** The system Chromium with the e2e flags; `close` is also run on cleanup. */
export async function openBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await launchBrowser();
  return { browser, close: track(() => browser.close()) };
}
