import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, watchProblems } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe.skipIf(!hasChromium)('smoke: the started server in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers /api/health with the store and engine kinds', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', store: 'nedb', engine: 'preview', ready: true });
  });

  it('renders the landing page for a visitor, with no console errors or CSP violations', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    const cspViolations: string[] = [];
    await page.exposeFunction('reportCsp', (v: string) => cspViolations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportCsp: (v: string) => void }).reportCsp(
          `${e.violatedDirective} ${e.blockedURI}`,
        );
      });
    });
    const response = await page.goto(server.url, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy']).toContain("object-src 'none'");
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/stage any room/i);
    expect(await page.title()).toContain('Stagely');
    expect(cspViolations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the 404 page texts for an unknown path', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.url}/no/such/page`, { waitUntil: 'networkidle' });
    await page.getByText('Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
