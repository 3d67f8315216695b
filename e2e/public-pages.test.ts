import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Each page, its title, and text that appears once its data has loaded. */
const PAGES = [
  { path: '/help', title: 'Help Center | Stagely', ready: 'Still need help?' },
  { path: '/contact', title: 'Contact Us | Stagely', ready: 'support@e2e.example' },
  { path: '/privacy', title: 'Privacy Policy | Stagely', ready: 'You can sign in with GitHub or' },
  { path: '/terms', title: 'Terms of Service | Stagely', ready: 'You can sign in with GitHub or' },
  { path: '/api-docs', title: 'API Documentation | Stagely', ready: 'Error format and shared schemas' },
  // A mistyped share link (no request: a revoked one is tested in dead-ends.test.ts).
  {
    path: '/s/mistyped-link',
    title: 'This link is no longer available | Stagely',
    ready: 'Please ask the agent who sent you the link for a new one.',
  },
  {
    path: '/no/such/page',
    title: 'Page Not Found | Stagely',
    ready: 'Did you forget to add the page to the router?',
  },
] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core is evaluated over the DevTools protocol, which the page's CSP (no inline script) does not block. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.skipIf(!hasChromium)('public pages in Chromium', () => {
  const app = useServerAndBrowser({
    SUPPORT_EMAIL: 'support@e2e.example',
    GITHUB_CLIENT_ID: 'e2e-github-id',
    GITHUB_CLIENT_SECRET: 'e2e-github-secret',
  });
  let defaultDescription: string;

  beforeAll(async () => {
    const html = await (await fetch(app.server.url)).text();
    defaultDescription = /name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
  });

  // The pages show the same markup at every width (nothing hidden or shown by breakpoint): axe runs at the phone's;
  // what the width changes, the sideways overflow, is measured at both.
  it('every public page: title, description, one h1, no serious axe violations; no overflow at 360 or 1280 px', async () => {
    const page = await app.browser.newPage({ viewport: PHONE });
    const problems = watchProblems(page);
    const descriptions = new Set<string>();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const p of PAGES) {
      await page.setViewportSize(PHONE);
      await page.goto(`${app.server.url}${p.path}`);
      await page.getByText(p.ready).first().waitFor();
      expect(await page.title(), p.path).toBe(p.title);
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      expect(description.length, p.path).toBeGreaterThan(30);
      expect(description, p.path).not.toBe(defaultDescription);
      descriptions.add(description);
      expect(await page.getByRole('heading', { level: 1 }).count(), p.path).toBe(1);
      expect(await overflow(), `${p.path} is wider than a 360 px screen`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), p.path).toEqual([]);
      await page.setViewportSize(DESKTOP);
      expect(await overflow(), `${p.path} is wider than a 1280 px screen`).toBeLessThanOrEqual(0);
    }
    expect(descriptions.size).toBe(PAGES.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('table-of-contents links jump to their sections; Terms has 13', async () => {
    const page = await app.browser.newPage({ viewport: PHONE });
    for (const path of ['/terms', '/privacy']) {
      await page.goto(`${app.server.url}${path}`);
      await page.getByText('Last updated January 15, 2025').waitFor();
      const toc = page.getByRole('navigation', { name: 'Table of Contents' });
      const links = toc.getByRole('link');
      if (path === '/terms') expect(await links.count()).toBe(13);
      // A middle section: the last ones cannot scroll to the top of a short page.
      const link = links.nth(4);
      const target = ((await link.getAttribute('href')) ?? '').slice(1);
      await link.click();
      await page.waitForFunction((id) => location.hash === `#${id}`, target);
      const top = await page.evaluate(
        (id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1,
        target,
      );
      expect(top, path).toBeGreaterThanOrEqual(0);
      expect(top, path).toBeLessThan(200);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    }
    await page.close();
  });

  it('contact form offline: the message is kept and sent when the connection is back', async () => {
    // No service worker to serve code first fetched while offline: the page must have it beforehand.
    const context = await app.browser.newContext({
      viewport: DESKTOP,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/contact`);
    await page.getByText('support@e2e.example').waitFor();
    await context.setOffline(true);
    await page.getByLabel('Name').fill('Offline Agent');
    await page.getByLabel('Email').fill('offline@example.com');
    await page.getByLabel('Subject').fill('Sent from a basement');
    await page.getByLabel('Message', { exact: true }).fill('No signal here.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message saved').waitFor();
    await page.getByText(/1 message is waiting to be sent/).waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('');

    const delivered = page.waitForResponse(
      (r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST',
    );
    await context.setOffline(false);
    expect((await delivered).status()).toBe(201);
    await page.getByText('Message sent successfully!').waitFor();
    await page.getByText(/waiting to be sent/).waitFor({ state: 'detached' });
    await context.close();
  });
});
