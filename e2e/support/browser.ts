import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromePath);
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same engine without the browser's own
 * layers) drives pages for about a third less CPU than the full browser, which was two thirds of the browser
 * tests' CPU. It has no Background Sync and shows no notifications: files that test those take the full one.
 */
const shellPath = process.env.CHROME_HEADLESS_SHELL ?? '/usr/bin/chromium-headless-shell';
/** The binary for pages: the shell where it is installed, else the full browser. */
export const pageChromePath = existsSync(shellPath) ? shellPath : chromePath;
/** What a file's browser must do beyond pages: 'full' for Background Sync and notifications. */
export type BrowserKind = 'pages' | 'full';
const pathFor = (kind: BrowserKind) => (kind === 'full' ? chromePath : pageChromePath);

if (!hasChromium) {
  const msg = `e2e: no Chromium at ${chromePath} (set CHROME_PATH or apt-get install chromium): browser tests skipped`;
  // In CI a missing browser is a broken machine, not a reason to pass.
  if (process.env.CI) throw new Error(msg);
  console.warn(msg);
}

/**
 * The width a whole flow runs at unless the width is its point: the phone, where the layout is tightest. A flow
 * repeated at desktop width proved the same rules twice; desktop layout has its own tests (public-pages,
 * landing-prerender, photo-shape, properties, mls-hand-over, dialog-toasts, results-in-view, edit-tools).
 */
export const FLOW_WIDTHS = [390] as const;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(kind: BrowserKind = 'pages'): Promise<Browser> {
  return chromium.launch({ executablePath: pathFor(kind), headless: true, args: CHROMIUM_ARGS });
}

/** Chromium on a real profile in `profileDir`: service workers and installability need a persistent one. */
export async function launchPersistentBrowser(
  profileDir: string,
  viewport?: { width: number; height: number },
  kind: BrowserKind = 'pages',
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: pathFor(kind),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
}

/**
 * Every toast that ever shows on the page's next loads, by text: one toast shows at a time, so a quick
 * follow-up replaces it before a locator may poll it. Call before `page.goto`.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const li of document.querySelectorAll('li')) {
        const text = li.textContent ?? '';
        if (li.closest('ol[aria-label^="Notifications"]') && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen.join('\n'));
}

/** Collects console errors, page errors and CSP violations so every test can assert there were none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** A context as a phone (below 600 px: touch, 844 px tall) or a desktop window (`desktopHeight` tall) sees it. */
export function contextAtWidth(
  browser: Browser,
  width: number,
  desktopHeight = 900,
): Promise<BrowserContext> {
  const mobile = width < 600;
  return browser.newContext({
    viewport: { width, height: mobile ? 844 : desktopHeight },
    hasTouch: mobile,
    isMobile: mobile,
  });
}

/** A download's bytes, read through Playwright's stream: a browser shared over its server has no local path. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A painting canvas's box once laid out: it lies over an image and has no height until that image has loaded,
 * and a stroke before then lands on nothing (it failed so on a busy machine). Two equal readings: it settled.
 */
export async function settledBox(canvas: Locator) {
  let last: Awaited<ReturnType<Locator['boundingBox']>> = null;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const box = await canvas.boundingBox();
    if (box && box.height > 20 && last?.height === box.height && last.y === box.y) return box;
    last = box;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the brush canvas never laid out over the result');
}
