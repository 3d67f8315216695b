import { describe, expect, it } from 'vitest';
import { hasChromium, watchProblems } from './support/browser';
import { useServerAndBrowser } from './support/use-server-and-browser';

describe.skipIf(!hasChromium)('smoke: the started server in Chromium', () => {
  const app = useServerAndBrowser();

  it('answers /api/health with up and ready, and nothing more for anyone', async () => {
    const res = await fetch(`${app.server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', ready: true });
  });

  it('renders the landing page for a visitor, with no console errors or CSP violations', async () => {
    const page = await app.browser.newPage();
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
    const response = await page.goto(app.server.url, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy']).toContain("object-src 'none'");
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/stage any room/i);
    expect(await page.title()).toContain('Stagely');
    expect(cspViolations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the 404 page texts for an unknown path', async () => {
    const page = await app.browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${app.server.url}/no/such/page`, { waitUntil: 'networkidle' });
    await page.getByText('Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
