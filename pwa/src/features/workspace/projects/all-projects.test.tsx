import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Project } from '@shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { testProject } from '../../../testing/projects';
import { AllProjectsDialog } from './all-projects-dialog';
import { RecentProjects } from './recent-projects';

/** 45 projects, newest first: 'p01' (Room 1) was made last. */
const ALL: Project[] = Array.from({ length: 45 }, (_, i) => {
  const id = `p${String(i + 1).padStart(2, '0')}`;
  return testProject({
    id,
    name: i % 10 === 4 ? `Kitchen ${i + 1}` : `Room ${i + 1}`,
    status: 'completed',
    createdAt: new Date(Date.UTC(2026, 10, 22, 12) - i * 60_000).toISOString(),
    thumbnailUrl: `/api/projects/${id}/images/thumb`,
  });
});

describe('All projects', () => {
  let client: QueryClient;
  let server: Project[];
  let calls: string[];

  /** GET /api/projects as the BFF answers it (here the cursor is simply the last id); DELETE removes one. */
  function stubApi() {
    calls = [];
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
      calls.push(init.method === 'DELETE' ? `DELETE ${path}` : path);
      const url = new URL(path, 'http://app.test');
      if (init.method === 'DELETE') {
        server = server.filter((p) => url.pathname !== `/api/projects/${p.id}`);
        return Promise.resolve(Response.json({ ok: true }));
      }
      const limit = Number(url.searchParams.get('limit'));
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const matching = server.filter((p) => p.name.toLowerCase().includes(q));
      const before = url.searchParams.get('before');
      const start = before ? matching.findIndex((p) => p.id === before) + 1 : 0;
      const page = matching.slice(start, start + limit);
      const more = start + limit < matching.length;
      const headers: Record<string, string> = more ? { 'X-Next-Cursor': page.at(-1)!.id } : {};
      return Promise.resolve(Response.json(page, { headers }));
    });
  }
  const listCalls = () => calls.filter((c) => c.startsWith('/api/projects?'));
  const dialog = () => screen.getByRole('dialog', { name: 'All projects' });
  const entries = () => within(dialog()).queryAllByRole('listitem');
  // The name is the titled paragraph (the Rename button beside it carries a title too).
  const names = () =>
    entries().map(
      (li) =>
        within(li)
          .getAllByTitle(/./)
          .find((el) => el.tagName === 'P')?.textContent,
    );

  const renderRecent = (onView = vi.fn(), onDeleted = vi.fn()) =>
    render(
      <QueryClientProvider client={client}>
        <RecentProjects projects={server.slice(0, 5)} loading={false} onView={onView} onDeleted={onDeleted} />
      </QueryClientProvider>,
    );
  const renderDialog = () =>
    render(
      <QueryClientProvider client={client}>
        <AllProjectsDialog open onClose={vi.fn()} onView={vi.fn()} />
      </QueryClientProvider>,
    );

  beforeEach(() => {
    client = createQueryClient();
    server = [...ALL];
    stubApi();
  });
  afterEach(() => {
    client.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens from Recent Projects and pages through every project with Load more, newest first', async () => {
    renderRecent();
    fireEvent.click(screen.getByRole('button', { name: 'All projects' }));
    await waitFor(() => expect(entries()).toHaveLength(20));
    expect(names().slice(0, 3)).toEqual(['Room 1', 'Room 2', 'Room 3']);
    // Each entry: thumbnail, name, status, age, View Project and delete.
    const first = entries()[0]!;
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/projects/p01/images/thumb');
    expect(within(first).getByText('Completed')).toBeTruthy();
    expect(within(first).getByText(/ago|Just now/)).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'View Project Room 1' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Delete project Room 1' })).toBeTruthy();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(40));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(45));
    expect(within(dialog()).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(within(dialog()).getByText('That is all of them.')).toBeTruthy();
    expect(new Set(names()).size).toBe(45);
    expect(listCalls()).toEqual([
      '/api/projects?limit=20',
      '/api/projects?limit=20&before=p20',
      '/api/projects?limit=20&before=p40',
    ]);
  });

  it('searches by name once typing pauses, and says when nothing matches', async () => {
    renderRecent();
    fireEvent.click(screen.getByRole('button', { name: 'All projects' }));
    await waitFor(() => expect(entries()).toHaveLength(20));
    const search = within(dialog()).getByRole('searchbox', { name: 'Search projects by name' });
    for (const text of ['k', 'ki', 'kit', ' kitchen ']) fireEvent.change(search, { target: { value: text } });
    await waitFor(() =>
      expect(names()).toEqual(['Kitchen 5', 'Kitchen 15', 'Kitchen 25', 'Kitchen 35', 'Kitchen 45']),
    );
    expect(listCalls().filter((c) => c.includes('q='))).toEqual(['/api/projects?limit=20&q=kitchen']);

    fireEvent.change(search, { target: { value: 'attic (2)' } });
    await within(dialog()).findByText('No projects match "attic (2)".');
    expect(listCalls().at(-1)).toBe('/api/projects?limit=20&q=attic+%282%29');
  });

  it('says when there are no projects yet', async () => {
    server = [];
    renderDialog();
    await within(dialog()).findByText('No projects yet. Your staged rooms will appear here.');
  });

  it('offline: says so plainly and asks nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderDialog();
    await within(dialog()).findByText(/You're offline\. All projects can be browsed once you're back online/);
    expect(within(dialog()).getByRole('searchbox')).toHaveProperty('disabled', true);
    expect(calls).toEqual([]);
  });

  it('opens a project in the workspace, and deletes one after confirmation', async () => {
    const onView = vi.fn();
    const onDeleted = vi.fn();
    renderRecent(onView, onDeleted);
    fireEvent.click(screen.getByRole('button', { name: 'All projects' }));
    await waitFor(() => expect(entries()).toHaveLength(20));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'View Project Room 7' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: 'p07', name: 'Room 7' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'All projects' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'All projects' }));
    await waitFor(() => expect(entries()).toHaveLength(20));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete project Room 12' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names()).not.toContain('Room 12'));
    expect(calls).toContain('DELETE /api/projects/p12');
    expect(onDeleted).toHaveBeenCalledWith('p12');
    expect(screen.getByRole('dialog', { name: 'All projects' })).toBeTruthy();
  });
});
