import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { API_ROUTES, buildOpenApiDocument } from '@shared/api';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { ApiDocsPage } from './api-docs-page';

configure({ asyncUtilTimeout: 5000 });

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ApiDocsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('ApiDocsPage', () => {
  it('renders every route of the generated document, grouped by tag, with fields and the error format', async () => {
    const doc = buildOpenApiDocument({ version: '9.8.7' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(doc))),
    );
    renderPage();
    expect(await screen.findByText(/version 9\.8\.7/)).toBeTruthy();
    expect(document.title).toBe('API Documentation | Stagely');
    // Keys, scopes and webhooks with the payload and a verification snippet, beside the routes.
    const keys = document.getElementById('keys-and-webhooks')!;
    expect(within(keys).getByRole('heading', { name: 'API keys' })).toBeTruthy();
    for (const text of ['projects:read', 'project.finished', 'webhook-signature', '"projectId"'])
      expect(keys.textContent, text).toContain(text);

    // Role queries over ~30 cards are slow in jsdom; aria-labels are what the role query would match.
    const cards = new Map(
      [...document.querySelectorAll('article')].map((a) => [a.getAttribute('aria-label'), a]),
    );
    for (const route of API_ROUTES) {
      const card = cards.get(`${route.method.toUpperCase()} ${route.path}`);
      expect(card, `${route.method} ${route.path}`).toBeDefined();
      expect(within(card!).getByText(route.summary)).toBeTruthy();
    }
    const headings = [...document.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual(expect.arrayContaining([...new Set(API_ROUTES.map((r) => r.tag))]));

    const contact = cards.get('POST /api/contact')!;
    expect(within(contact).getByText('Works signed in or out')).toBeTruthy();
    for (const field of ['name', 'email', 'subject', 'message', 'category']) {
      expect(within(contact).getAllByText(field).length).toBeGreaterThan(0);
    }
    expect(within(contact).getByText('default "general"', { exact: false })).toBeTruthy();
    expect(within(contact).getByText('429')).toBeTruthy();

    // The project list: its query parameters and the header that says where the next page starts.
    const list = cards.get('GET /api/projects')!;
    for (const param of ['limit', 'before', 'q']) expect(within(list).getByText(param)).toBeTruthy();
    expect(within(list).getByText('X-Next-Cursor')).toBeTruthy();

    const errorSchema = document.getElementById('schema-Error')!;
    expect(within(errorSchema).getByText('error')).toBeTruthy();
    expect(within(errorSchema).getByText('message')).toBeTruthy();
  }, 15_000);

  it("shows the server's sentence when the document cannot be loaded", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(Response.json({ error: 'x', message: 'The API is resting.' }, { status: 503 })),
      ),
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('The API is resting.');
  });
});
