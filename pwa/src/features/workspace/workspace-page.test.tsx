import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../components/toast/toast-store';
import { createQueryClient } from '../../lib/query-client';
import { closePaywall } from '../../components/paywall';
import { WorkspacePage } from './workspace-page';
import { json, testUser as user } from '../../testing/api';

const limits = { hasActiveSubscription: false, generationsUsed: 4, maxGenerations: 5, canGenerate: true };
const photo = () => new File([new Uint8Array(4096)], 'room.jpg', { type: 'image/jpeg' });
const lastToast = () => getToasts().at(-1);

type Handler = (path: string, init: RequestInit) => Promise<Response> | undefined;
function stubApi(handler: Handler) {
  const calls: [string, RequestInit][] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    calls.push([path, init]);
    return handler(path, init) ?? json({ error: 'not_found', message: 'Not found.' }, 404);
  });
  return calls;
}

function renderPage(at = '/') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <WorkspacePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('WorkspacePage', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    closePaywall();
    document.cookie = 'stagely_auth=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('asks a visitor for a photo, presets the detected room, then asks them to sign in', async () => {
    stubApi((path) =>
      path === '/api/analyze'
        ? json({ roomType: 'kitchen', style: 'industrial', confident: true, engine: 'openai' })
        : undefined,
    );
    renderPage();
    expect(screen.getByRole('heading', { name: 'Sign in to save your work' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Staging' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'No Image Selected',
        description: 'Please upload a room photo first.',
      }),
    );

    fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [photo()] } });
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Room type').value).toBe('kitchen'));
    // A confirmation shows once 'Show notifications' has been read.
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Image Analyzed',
        description: 'Detected: Kitchen (Industrial style)',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Generate Staging' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Authentication Required',
        description: 'Please log in to create staging projects.',
      }),
    );
  });

  it('opens the paywall on a 402 from creating the project, sent with an idempotency key', async () => {
    document.cookie = 'stagely_auth=1';
    const calls = stubApi((path, init) => {
      if (path === '/api/auth/user') return json(user);
      if (path === '/api/user/limits') return json(limits);
      if (path === '/api/projects' && init.method === 'POST') {
        return json({ error: 'quota_exhausted', message: 'No credits left.', needsSubscription: true }, 402);
      }
      if (path === '/api/projects') return json([]);
      if (path === '/api/analyze') return json({ error: 'unreadable', message: 'Unreadable.' }, 422);
      return undefined;
    });
    renderPage();
    await screen.findByText('No projects yet. Your staged rooms will appear here.');
    expect(screen.queryByRole('heading', { name: 'Sign in to save your work' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [photo()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Staging' }));

    const dialog = await screen.findByRole('dialog', { name: 'Generation Limit Reached' });
    expect(dialog.textContent).toContain(
      "You've used all 5 of your free generations. Upgrade to Pro for unlimited staging!",
    );
    const post = calls.find(([p, i]) => p === '/api/projects' && i.method === 'POST');
    expect((post?.[1].headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The failed analysis stays silent.
    expect(getToasts().some((t) => t.title === 'Analysis Failed')).toBe(false);
  });

  it('says plainly when a link opens a project that no longer exists (a mail to a deleted one)', async () => {
    document.cookie = 'stagely_auth=1';
    stubApi((path) => {
      if (path === '/api/auth/user') return json(user);
      if (path === '/api/user/limits') return json(limits);
      return undefined;
    });
    renderPage('/?project=gone');
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Project not found',
        description: 'This project no longer exists: it may have been deleted.',
      }),
    );
  });
});
