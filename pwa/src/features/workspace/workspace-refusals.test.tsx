import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { UPLOAD_MESSAGES } from '@shared/domain';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '../../components/toast/toast-store';
import { createQueryClient } from '../../lib/query-client';
import { testProject } from '../../testing/projects';
import { closePaywall } from '../../components/paywall';
import { WorkspacePage } from './workspace-page';
import { json, testUser as user } from '../../testing/api';

const limits = { hasActiveSubscription: false, generationsUsed: 0, maxGenerations: 5, canGenerate: true };
const UNSURE = { roomType: 'other', style: 'modern', confident: false, engine: 'preview' };
const TOO_SMALL = { error: 'image_too_small', message: UPLOAD_MESSAGES.tooSmall };
const photo = (name: string) => new File([new Uint8Array(4096)], name, { type: 'image/jpeg' });
const toasts = () => getToasts().map((t) => `${t.title}|${t.description ?? ''}`);
const result = () => screen.getByRole('region', { name: 'Result' });

type Handler = (path: string, init: RequestInit) => Promise<Response> | undefined;
/** A signed-in user's API; `tiny` photos are refused by the analysis as the server does. */
function stubApi(handler: Handler = () => undefined) {
  const calls: [string, RequestInit][] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    calls.push([path, init]);
    if (path === '/api/auth/user') return json(user);
    if (path === '/api/user/limits') return json(limits);
    if (path === '/api/projects' && init.method !== 'POST') return json([]);
    if (path === '/api/analyze') {
      const name = ((init.body as FormData).get('image') as File).name;
      return name.startsWith('tiny') ? json(TOO_SMALL, 422) : json(UNSURE);
    }
    return handler(path, init) ?? json({ error: 'not_found', message: 'Not found.' }, 404);
  });
  return calls;
}
const posts = (calls: [string, RequestInit][]) =>
  calls.filter(([p, i]) => p === '/api/projects' && i.method === 'POST');

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WorkspacePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'stagely_auth=1';
  URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = vi.fn();
  for (const t of getToasts()) dismissToast(t.id);
});
afterEach(() => {
  vi.unstubAllGlobals();
  closePaywall();
  document.cookie = 'stagely_auth=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('a photo too small to stage is refused when it is picked', () => {
  it('says so next to the single photo, and Generate does not send it', async () => {
    const calls = stubApi();
    renderPage();
    await screen.findByText('No projects yet. Your staged rooms will appear here.');
    fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [photo('tiny.jpg')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(UPLOAD_MESSAGES.tooSmall);
    expect(result().textContent).toContain('This photo cannot be staged: choose another one.');
    expect(result().textContent).not.toContain('Choose your options, then press Generate.');

    fireEvent.click(screen.getByRole('button', { name: 'Generate Staging' }));
    await waitFor(() => expect(toasts()).toEqual([`Photo Not Accepted|${UPLOAD_MESSAGES.tooSmall}`]));
    expect(posts(calls)).toEqual([]);

    // Another photo starts afresh.
    fireEvent.change(screen.getByLabelText('Choose another photo'), {
      target: { files: [photo('room.jpg')] },
    });
    await waitFor(() => expect(result().textContent).toContain('Choose your options, then press Generate.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('fails the batch item right after its analysis, skips it in the run and counts it as failed', async () => {
    const calls = stubApi((path, init) => {
      if (path === '/api/projects' && init.method === 'POST')
        return json(testProject({ id: 'p1', status: 'pending' }), 201);
      if (path === '/api/projects/p1/status')
        return json({ status: 'completed', progress: '100', stagedImageUrl: '/s.jpg', error: null });
      return undefined;
    });
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Batch Processing' }));
    fireEvent.change(screen.getByLabelText('Choose room photos'), {
      target: { files: [photo('tiny-icon.jpg'), photo('room.jpg')] },
    });
    const list = screen.getByRole('list', { name: 'Batch items' });
    const row = (name: string) => within(list).getByText(name).closest('li') as HTMLElement;
    await waitFor(() => expect(row('tiny-icon').textContent).toContain(UPLOAD_MESSAGES.tooSmall));
    expect(within(row('tiny-icon')).getByText('Failed')).toBeTruthy();
    // Retrying cannot help; removing it can.
    expect(within(row('tiny-icon')).queryByRole('button', { name: 'Retry tiny-icon' })).toBeNull();
    expect(within(row('tiny-icon')).getByRole('button', { name: 'Remove tiny-icon' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Process 1 Image' }));
    await waitFor(
      () => expect(toasts()).toContain('Batch Processing Complete|Processed 1 of 2 images; 1 failed.'),
      { timeout: 8000 },
    );
    expect(posts(calls).map(([, i]) => ((i.body as FormData).get('image') as File).name)).toEqual([
      'room.jpg',
    ]);
  }, 15_000);
});

describe('the result column follows the open tab', () => {
  it("shows the batch's own placeholder on the Batch tab, not the single photo", async () => {
    stubApi();
    renderPage();
    fireEvent.change(screen.getByLabelText('Choose a photo'), { target: { files: [photo('room.jpg')] } });
    await waitFor(() => expect(result().textContent).toContain('Choose your options, then press Generate.'));

    fireEvent.click(screen.getByRole('tab', { name: 'Batch Processing' }));
    expect(result().textContent).toBe(
      'Add room photos to the batch, then press Process: each photo shows its progress in the list.',
    );
    expect(screen.queryByRole('img', { name: 'The room photo you chose' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Choose room photos'), { target: { files: [photo('a.jpg')] } });
    expect(result().textContent).toBe('Press View on a finished photo to see its before and after here.');

    fireEvent.click(screen.getByRole('tab', { name: 'Single Image' }));
    expect(screen.getByRole('img', { name: 'The room photo you chose' })).toBeTruthy();
  });
});
