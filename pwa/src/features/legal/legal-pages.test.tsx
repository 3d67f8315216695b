import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { FREE_GENERATIONS_PER_MONTH } from '@shared/domain';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

configure({ asyncUtilTimeout: 5000 });

function serve(providers: { id: string; name: string }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/auth/providers'
          ? Response.json({ providers, email: true })
          : url === '/api/public-config'
            ? Response.json({
                supportEmail: 'legal@agency.example',
                signInProviders: [],
                paymentsEnabled: false,
                stripePublishableKey: null,
                engine: 'preview',
              })
            : new Response('', { status: 404 }),
      ),
    ),
  );
}

const renderPage = (page: ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );

/** Every table-of-contents entry is an anchor link to a section on the page. */
function tocTargets(): string[] {
  const toc = screen.getByRole('navigation', { name: 'Table of Contents' });
  return within(toc)
    .getAllByRole('link')
    .map((a) => {
      const id = a.getAttribute('href')!.replace(/^#/, '');
      expect(document.getElementById(id)?.tagName).toBe('SECTION');
      return id;
    });
}

afterEach(() => vi.unstubAllGlobals());

describe('Terms of Service', () => {
  it('has 13 sections, the date, and the legal facts with the shared free quota', async () => {
    serve([{ id: 'github', name: 'GitHub' }]);
    renderPage(<TermsPage />);
    expect(document.title).toBe('Terms of Service | Stagely');
    expect(screen.getByText('Last updated January 15, 2025')).toBeTruthy();
    expect(tocTargets()).toHaveLength(13);
    const text = () => document.body.textContent ?? '';
    expect(text()).toContain(`${FREE_GENERATIONS_PER_MONTH} generations per month`);
    expect(text()).toContain('at least 18 years old');
    expect(text()).toContain('retry it for up to 10 days');
    expect(text()).toMatch(/suspended/);
    expect(text()).toContain('deleted within 30 days');
    expect(text()).toContain("30 days' notice");
    // Provenance stays with the image: removing the AI marking is forbidden.
    expect(text()).toMatch(
      /must not remove, alter, hide or strip these\s+markings or the file's provenance metadata/,
    );
    expect(text()).toMatch(/total liability .* limited to the amount you paid us in the 12\s+months/);
    expect(
      await screen.findByText(/You can sign in with GitHub or an email address and password\./),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'legal@agency.example' })).toBeTruthy();
  });
});

describe('Privacy Policy', () => {
  it('names exactly the configured providers, GPS removal, 12-month logs and 30-day deletion', async () => {
    serve([
      { id: 'google', name: 'Google' },
      { id: 'oidc', name: 'Acme SSO' },
    ]);
    renderPage(<PrivacyPage />);
    expect(screen.getByText('Last updated January 15, 2025')).toBeTruthy();
    expect(tocTargets().length).toBeGreaterThanOrEqual(10);
    expect(
      await screen.findByText(/You can sign in with Google, Acme SSO, or an email address and password\./),
    ).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('When you sign in through Google or Acme SSO');
    expect(text).not.toMatch(/GitHub|Microsoft/);
    expect(text).toContain('GPS location');
    expect(text).toContain('up to 12 months');
    expect(text).toContain('deleted within 30 days');
    expect(text).toContain('at least 18');
  });

  it('says which e-mails are sent, which can be turned off, and that no marketing mail is sent', async () => {
    serve([]);
    renderPage(<PrivacyPage />);
    await screen.findByText(/You can sign in with/);
    const section = document.getElementById('emails');
    expect(section?.querySelector('h2')?.textContent).toContain('E-mails We Send');
    const text = section?.textContent ?? '';
    expect(text).toContain('reset your password');
    expect(text).toContain('turn off in Settings');
    expect(text).toContain('when your photos are staged');
    expect(text).toContain('credit was returned');
    expect(text).toMatch(/Pro started, a payment that failed and when it will be retried, a cancellation/);
    expect(text).toContain('a confirmation with a copy of your message');
    expect(text).toContain('We send no marketing e-mail today');
  });

  it('with only email sign-in, names no identity provider', async () => {
    serve([]);
    renderPage(<PrivacyPage />);
    expect(await screen.findByText(/You can sign in with an email address and password\./)).toBeTruthy();
    expect(document.body.textContent).not.toContain('When you sign in through');
  });
});
